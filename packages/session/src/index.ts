export { singleFlight } from './single-flight';
