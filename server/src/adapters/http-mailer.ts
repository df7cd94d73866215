import type { Mailer } from '../ports/mailer';

export interface HttpMailerConfig {
  /** e.g. https://api.resend.com/emails (any API taking `{from, to, subject, text}` with a bearer key) */
  url: string;
  apiKey: string;
  from: string;
}

export class MailerSendError extends Error {
  override name = 'MailerSendError';
}

/**
 * Production mailer over an HTTP email API. The code appears only in the message body sent to
 * the provider, never in a log; a refused send throws MailerSendError carrying the status only.
 */
export function httpMailer(config: HttpMailerConfig, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async sendSignInCode(email, code) {
      const res = await fetchImpl(config.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: config.from,
          to: [email],
          subject: `Your Cairn sign-in code: ${code}`,
          text: `Your Cairn sign-in code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
        }),
      });
      await res.body?.cancel();
      if (!res.ok) throw new MailerSendError(`email provider answered ${res.status}`);
    },
  };
}
