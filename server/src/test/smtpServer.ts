// A real SMTP server for the mail tests (nodemailer's smtp-server) on loopback: keeps every message it accepts, can be
// stopped and started again on the same port (the mail server down, then back).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  /** The header's value, unfolded. */
  header(name: string): string | undefined;
  /** The plain-text part, quoted-printable decoded. */
  text: string;
}

const unfold = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
const decodeQp = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function readMessage(from: string, to: string[], raw: string): Received {
  const headers = unfold(raw);
  // The first text/plain part: its headers, a blank line, the body up to the next boundary.
  const part =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  const text = part ? (part[1].toLowerCase() === 'quoted-printable' ? decodeQp(part[2]) : part[2]) : '';
  return {
    from,
    to,
    raw,
    text,
    header: (name) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim(),
  };
}

export class TestSmtpServer {
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Answers every recipient with this refusal instead of taking the message (e.g. 550). */
  refuseWith: number | null = null;

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = this.port) {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() ends open connections at once, as a mail server going down does.
      closeTimeout: 50,
      onRcptTo: (_address, _session, callback) => {
        if (this.refuseWith) {
          const err = Object.assign(new Error('refused'), { responseCode: this.refuseWith });
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.received.push(
            readMessage(
              from,
              session.envelope.rcptTo.map((r) => r.address),
              Buffer.concat(chunks).toString('utf8'),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages sent to `address`. */
  to(address: string) {
    return this.received.filter((m) => m.to.includes(address));
  }
}
