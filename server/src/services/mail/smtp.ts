// Hands one message to the SMTP server with nodemailer's own SMTP connection (docs/decisions/069-mail-and-job-queue.md):
// connect and sign in first, then mark the point of no return, then send. A failure before that point is safe to try
// again; one after it, without the server's answer, may have delivered the mail: uncertain.
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { faultPoint } from '../../ops/faultPoint.js';

export interface Message {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe address (RFC 8058). */
  unsubscribeUrl: string;
}

/** Why a message was not (surely) sent: try again later, never, or it may have gone. */
export class SendError extends Error {
  constructor(
    readonly outcome: 'retry' | 'refused' | 'uncertain',
    readonly code: string,
  ) {
    super(`mail ${outcome}: ${code}`);
  }
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function connectionOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    options: { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || (secure ? 465 : 587), secure, ...TIMEOUTS },
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : null,
  };
}

/** The message as the SMTP server receives it: MIME with plain text and HTML, and the unsubscribe headers. */
export async function compose(message: Message): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: {
      'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  });
  return composer.compile().build();
}

const smtpCode = (err: unknown) => {
  const { responseCode, code } = err as { responseCode?: number; code?: string };
  return { responseCode: typeof responseCode === 'number' ? responseCode : undefined, code: typeof code === 'string' ? code : 'ERROR' };
};

/**
 * Sends `message`; `pointOfNoReturn` runs (and must succeed) once the connection is open and signed in, right before
 * the message goes. Throws SendError.
 */
export async function sendMessage(smtpUrl: string, message: Message, pointOfNoReturn: () => Promise<void>): Promise<void> {
  const raw = await compose(message);
  const { options, auth } = connectionOptions(smtpUrl);
  const connection = new SMTPConnection(options);
  // The connection reports a broken socket or a timeout as an 'error' event, not to the step's callback: each step
  // ends at the first of the two.
  let failed: unknown = null;
  let onFailure: ((err: unknown) => void) | null = null;
  connection.on('error', (err) => {
    failed = err;
    onFailure?.(err);
  });
  const step = <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      onFailure = reject;
      run((err, value) => (err ? reject(err) : resolve(value as T)));
    });
  let connected = false;
  let committed = false;
  try {
    faultPoint('mail_before_connect');
    await step<void>((done) => connection.connect((err) => done(err ?? null)));
    connected = true;
    if (auth) await step<boolean | undefined>((done) => connection.login(auth, (err, ok) => done(err, ok)));
    await pointOfNoReturn();
    committed = true;
    await step((done) => connection.send({ from: fromAddress(message.from), to: [message.to] }, raw, (err, info) => done(err, info)));
    faultPoint('mail_after_send');
  } catch (err) {
    if (err instanceof SendError) throw err;
    const { responseCode, code } = smtpCode(err ?? failed);
    // A server's answer means it did not take the message: 4xx later, 5xx never.
    if (responseCode !== undefined && responseCode >= 500) throw new SendError('refused', `smtp_${responseCode}`);
    if (responseCode !== undefined && responseCode >= 400) throw new SendError('retry', `smtp_${responseCode}`);
    // No answer: before the point of no return nothing went; after it, the message may have.
    throw new SendError(
      committed ? 'uncertain' : 'retry',
      committed ? 'smtp_no_answer' : `smtp_unreachable_${code.toLowerCase()}`.slice(0, 60),
    );
  } finally {
    if (connected && failed === null) connection.quit();
    else connection.close();
  }
}

/** The bare address of 'Name <address>'. */
const fromAddress = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
