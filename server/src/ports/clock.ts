/** Server time source, injected so tests and the domain never read a global clock. */
export interface Clock {
  nowMs(): number;
}
