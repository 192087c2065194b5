export { RiderFitDetails } from './rider-fit-details';
