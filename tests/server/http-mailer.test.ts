import { describe, expect, it } from 'vitest';
import { httpMailer, MailerSendError } from '../../server/src/adapters/http-mailer';

describe('http mailer (production sign-in codes)', () => {
  it('posts {from, to, subject, text} with the bearer key, the code only in the message', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    await httpMailer(
      { url: 'https://mail.example/send', apiKey: 'k-123', from: 'Cairn <no-reply@cairn.example>' },
      fake,
    ).sendSignInCode('a@b.example', '424242');
    expect(calls).toHaveLength(1);
    const call = calls[0] as { url: string; init: RequestInit };
    expect(call.url).toBe('https://mail.example/send');
    expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer k-123');
    const body = JSON.parse(String(call.init.body)) as {
      from: string;
      to: string[];
      subject: string;
      text: string;
    };
    expect(body.to).toEqual(['a@b.example']);
    expect(body.from).toBe('Cairn <no-reply@cairn.example>');
    expect(body.text).toContain('424242');
  });

  it('a refused send throws MailerSendError with the status only', async () => {
    const fake = (async () =>
      new Response('quota exceeded for key k-123', { status: 429 })) as unknown as typeof fetch;
    const send = httpMailer(
      { url: 'https://mail.example/send', apiKey: 'k-123', from: 'x@y.example' },
      fake,
    ).sendSignInCode('a@b.example', '1');
    await expect(send).rejects.toBeInstanceOf(MailerSendError);
    await expect(send).rejects.toThrow('email provider answered 429');
  });
});
