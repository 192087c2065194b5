export { RiderLevel, RiderWeight } from './rider-facts';
