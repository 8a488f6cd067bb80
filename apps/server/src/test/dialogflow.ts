import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/**
 * A local server that speaks the parts of Google's APIs a Dialogflow node uses: the OAuth token endpoint of a
 * service account (a JWT bearer assertion, RS256, checked against the account's public key) and Dialogflow ES's
 * `detectIntent` (v2, text input), answering from the intents the test gives. Its `serviceAccount` is a JSON key as
 * Google Cloud's console downloads it, with `token_uri` pointing here.
 */
export async function startDialogflow(options: {
  projectId: string;
  intents: { when: RegExp; intent: string; parameters?: Record<string, unknown>; reply?: string }[];
}) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `atiende-bot@${options.projectId}.iam.gserviceaccount.com`;
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const tokens = new Set<string>();
  const tokenRequests: { assertionValid: boolean; claims: Record<string, unknown> }[] = [];
  const queries: { session: string; text: string; languageCode: string }[] = [];
  let sequence = 0;
  const url = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  app.post('/token', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const [header, claims, signature] = (form.assertion ?? '').split('.');
    const valid =
      form.grant_type === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      Boolean(header && claims && signature) &&
      verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        publicKey as KeyObject,
        Buffer.from(signature ?? '', 'base64url'),
      );
    const decoded = claims
      ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>)
      : {};
    tokenRequests.push({ assertionValid: valid, claims: decoded });
    if (!valid || decoded.iss !== clientEmail || decoded.aud !== `${url()}/token`) {
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    sequence += 1;
    const token = `ya29.local-${sequence}`;
    tokens.add(token);
    return { access_token: token, expires_in: 3599, token_type: 'Bearer' };
  });

  app.post('/v2/projects/:project/agent/sessions/*', async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(token)) return reply.code(401).send({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const { project } = request.params as { project: string };
    const rest = (request.params as { '*': string })['*'];
    const [session, method] = rest.split(':');
    if (project !== options.projectId || method !== 'detectIntent') {
      return reply.code(404).send({ error: { code: 404, status: 'NOT_FOUND' } });
    }
    const body = request.body as { queryInput?: { text?: { text?: string; languageCode?: string } } };
    const text = body.queryInput?.text?.text ?? '';
    queries.push({ session, text, languageCode: body.queryInput?.text?.languageCode ?? '' });
    const found = options.intents.find((candidate) => candidate.when.test(text));
    return {
      responseId: `r-${queries.length}`,
      queryResult: {
        queryText: text,
        languageCode: body.queryInput?.text?.languageCode,
        parameters: found?.parameters ?? {},
        fulfillmentText: found?.reply ?? '',
        intent: found
          ? { name: `projects/${project}/agent/intents/${found.intent}`, displayName: found.intent }
          : {
              name: `projects/${project}/agent/intents/fallback`,
              displayName: 'Default Fallback Intent',
              isFallback: true,
            },
        intentDetectionConfidence: found ? 0.92 : 1,
      },
    };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    /** The JSON key the business pastes, as Google Cloud's console gives it (token_uri here). */
    serviceAccount: () =>
      JSON.stringify({
        type: 'service_account',
        project_id: options.projectId,
        private_key_id: 'local-key-1',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: clientEmail,
        client_id: '100000000000000000001',
        token_uri: `${url()}/token`,
      }),
    tokenRequests,
    queries,
    close: () => app.close(),
  };
}
