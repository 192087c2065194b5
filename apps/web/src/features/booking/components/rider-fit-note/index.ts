export { RiderFitNote } from './rider-fit-note';
