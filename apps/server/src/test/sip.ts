import crypto from 'node:crypto';
import WebSocket from 'ws';

/** What a softphone registers with (the shape of SoftphoneCredentials). */
export interface SipAccount {
  extension: string;
  domain: string;
  websocketUrl: string;
  authorizationUser: string;
  password: string;
}

const md5 = (value: string) => crypto.createHash('md5').update(value).digest('hex');
const token = () => crypto.randomBytes(6).toString('hex');

function parse(message: string) {
  const [head] = message.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

function digestParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of header.replace(/^Digest\s+/i, '').matchAll(/(\w+)=("([^"]*)"|[^,\s]+)/g)) {
    params[match[1]] = match[3] ?? match[2];
  }
  return params;
}

/**
 * Registers over the registrar's secure WebSocket the way a browser's SIP stack does (RFC 7118), answering the
 * digest challenge once, and returns the final status: a real client for the registrar's rules, without a browser.
 * `fromUser` sends the REGISTER for another extension than the credentials'.
 */
export async function sipRegister(account: SipAccount, options: { fromUser?: string } = {}): Promise<number> {
  const socket = new WebSocket(account.websocketUrl, 'sip', { rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const user = options.fromUser ?? account.extension;
  const callId = token();
  const fromTag = token();
  const host = `${token()}.invalid`;
  const uri = `sip:${account.domain}`;
  const request = (cseq: number, authorization?: string) =>
    [
      `REGISTER ${uri} SIP/2.0`,
      `Via: SIP/2.0/WSS ${host};branch=z9hG4bK${token()}`,
      'Max-Forwards: 70',
      `To: <sip:${user}@${account.domain}>`,
      `From: <sip:${user}@${account.domain}>;tag=${fromTag}`,
      `Call-ID: ${callId}`,
      `CSeq: ${cseq} REGISTER`,
      `Contact: <sip:${token()}@${host};transport=ws>;expires=30`,
      'Expires: 30',
      ...(authorization ? [`Authorization: ${authorization}`] : []),
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n');
  const next = () =>
    new Promise<ReturnType<typeof parse>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no SIP answer within 5 s')), 5000);
      const onMessage = (data: WebSocket.RawData) => {
        const answer = parse(data.toString());
        if (answer.status < 200) return;
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(answer);
      };
      socket.on('message', onMessage);
    });
  try {
    socket.send(request(1));
    const first = await next();
    const challenge = first.headers.get('www-authenticate');
    if (first.status !== 401 || !challenge) return first.status;
    const { realm, nonce, qop } = digestParams(challenge);
    const ha1 = md5(`${account.authorizationUser}:${realm}:${account.password}`);
    const ha2 = md5(`REGISTER:${uri}`);
    const cnonce = token();
    const response = qop ? md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
    const authorization =
      `Digest username="${account.authorizationUser}", realm="${realm}", nonce="${nonce}", uri="${uri}", ` +
      `response="${response}", algorithm=MD5${qop ? `, qop=auth, nc=00000001, cnonce="${cnonce}"` : ''}`;
    socket.send(request(2, authorization));
    return (await next()).status;
  } finally {
    socket.close();
  }
}
