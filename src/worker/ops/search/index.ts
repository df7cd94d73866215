export { type SearchPort, searchOperations } from './searchOperations';
