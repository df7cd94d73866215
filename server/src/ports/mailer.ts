/** Email port for one-time sign-in codes. `send` resolves once the message is handed off. */
export interface Mailer {
  sendSignInCode(email: string, code: string): Promise<void>;
}
