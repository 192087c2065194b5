export { RiderEditor } from './rider-editor';
