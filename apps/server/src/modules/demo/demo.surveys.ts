import { type SurveyInput, surveyBodySchema } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { checkAnswers } from '../surveys/surveys.answers.js';
import { surveysRepo } from '../surveys/surveys.repo.js';
import { newSurveyToken, surveyColumns } from '../surveys/surveys.service.js';

export const DEMO_SURVEY_NAME = 'Satisfacción del cliente';
const RESPONSES = 40;

const SURVEY: SurveyInput = {
  name: DEMO_SURVEY_NAME,
  description: 'Cuéntenos cómo le atendimos: son cuatro preguntas y le toma un minuto.',
  confirmationMessage: '¡Gracias por su tiempo! Sus respuestas nos ayudan a atenderle mejor.',
  primaryColor: '#1565c0',
  responseType: 'unique',
  // Never expires: the general link stays open for the walkthrough (personal links follow the survey).
  expirationDays: 0,
  questions: [
    {
      key: 'satisfaccion',
      label: '¿Qué tan satisfecho quedó con la atención?',
      type: 'csat',
      levels: 5,
      required: true,
    },
    { key: 'recomendacion', label: '¿Qué tan probable es que nos recomiende?', type: 'nps', required: true, order: 1 },
    {
      key: 'resuelto',
      label: '¿Resolvimos su consulta?',
      type: 'radio',
      options: [{ label: 'Sí, por completo' }, { label: 'En parte' }, { label: 'No' }],
      order: 2,
    },
    { key: 'comentario', label: '¿Qué podemos mejorar?', type: 'textarea', order: 3 },
  ],
};

const COMMENTS = [
  'La agente fue muy amable y rápida.',
  'Tuve que esperar bastante antes de que me respondieran.',
  'Todo bien, gracias.',
  'Me gustaría poder hacer el seguimiento del pedido por chat.',
];

/**
 * The customer-satisfaction survey, sent by "Servicio al cliente" when a ticket closes, with 40 answers spread over
 * the last 30 days (deterministic: the same figures on every fresh demo). Once.
 */
export async function seedDemoSurveys(tx: Executor, adminEmail: string): Promise<void> {
  if (await surveysRepo.idByName(tx, DEMO_SURVEY_NAME)) return;
  const [admin] = (await tx.execute<{ id: string }>(sql`select id from users where email = ${adminEmail}`)).rows;
  const body = surveyBodySchema.parse(SURVEY);
  const surveyId = await surveysRepo.insert(tx, { ...surveyColumns(body), createdBy: admin ? Number(admin.id) : null });
  // Created a month ago, so the answers below fall after it.
  await tx.execute(sql`update surveys set created_at = now() - interval '31 days' where id = ${surveyId}`);
  const linkId = (await surveysRepo.insertLink(tx, {
    surveyId,
    token: newSurveyToken(),
    kind: 'general',
  })) as number;
  await tx.execute(sql`
    update campaigns set config = jsonb_set(config, '{surveyId}', to_jsonb(${surveyId}::bigint))
    where name = 'Servicio al cliente'`);
  const questions = surveyColumns(body).questions;
  const now = Date.now();
  for (let index = 0; index < RESPONSES; index += 1) {
    // Oldest first, about one every 18 hours.
    const submittedAt = new Date(now - (RESPONSES - index) * 18 * 3_600_000 + ((index * 37) % 60) * 60_000);
    const satisfaction = [5, 4, 5, 3, 4, 5, 2, 4, 5, 1][index % 10];
    const answers = checkAnswers(questions, {
      satisfaccion: satisfaction,
      recomendacion: Math.min(10, satisfaction * 2 + (index % 3) - 1),
      resuelto: satisfaction >= 4 ? 'Sí, por completo' : satisfaction === 3 ? 'En parte' : 'No',
      comentario: index % 3 === 0 ? COMMENTS[(index / 3) % COMMENTS.length] : null,
    });
    await surveysRepo.insertResponse(
      tx,
      {
        surveyId,
        linkId,
        participant: `browser:demo-${index}`,
        customerId: null,
        ticketId: null,
        campaignId: null,
        source: 'general',
        answers: answers.answers,
        submittedAt,
      },
      answers.rows,
    );
  }
}
