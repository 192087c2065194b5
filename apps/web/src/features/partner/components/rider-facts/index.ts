export { BookedRiderFit, RiderHours, RiderLevel, RiderTack, RiderWeight } from './rider-facts';
