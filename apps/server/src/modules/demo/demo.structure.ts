import { type BusinessHours, DEFAULT_CLOSE_MESSAGE, DEFAULT_SURVEY_MESSAGE } from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { normalizeContactValue, searchable } from '../../platform/text.js';
import { ALL_CUSTOMERS } from '../../policies/customers.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { type ImportCustomer, importsRepo } from '../customers/imports.repo.js';
import { formsRepo } from '../forms/forms.repo.js';
import { usersRepo } from '../users/users.repo.js';

const FIRST_NAMES = [
  'María',
  'José',
  'Luisa',
  'Carlos',
  'Ana',
  'Andrés',
  'Camila',
  'Jorge',
  'Valentina',
  'Felipe',
  'Laura',
  'Diego',
  'Sofía',
  'Juan',
  'Daniela',
  'Miguel',
  'Paula',
  'Santiago',
  'Natalia',
  'Julián',
];
const LAST_NAMES = [
  'García',
  'Rodríguez',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Cruz',
  'Morales',
  'Ortiz',
  'Gutiérrez',
  'Chávez',
  'Ramos',
  'Ruiz',
  'Muñoz',
  'Castro',
];
const DEMO_CUSTOMERS = 300;
const weekdays = (from: string, to: string) => [1, 2, 3, 4, 5].map((day) => ({ day, from, to }));

export const DEMO_WEBCHAT_NAME = 'Chat del sitio web';
export const DEMO_AFTER_HOURS_NAME = 'Chat fuera de horario';
/** No business hours: the demo site's chat is open at every hour. */
export const DEMO_WEBCHAT_HOURS: BusinessHours = { enabled: false, timezone: 'America/Bogota', days: [] };
/** Business hours with no opening slot: every message arrives outside them (the out-of-hours demo). */
export const DEMO_AFTER_HOURS_HOURS: BusinessHours = { enabled: true, timezone: 'America/Bogota', days: [] };
/** Room for the walkthrough: the demo agent starts with five open tickets in the service campaign. */
export const DEMO_TASKS_PER_AGENT = 10;

/**
 * What a newcomer needs to see the product work: channels of several types, two campaigns (the demo agent in the
 * first, the supervisor over both), a dynamic form, labels and a few hundred customers. Created once.
 */
export async function seedDemoStructure(tx: Executor): Promise<void> {
  const existing = await campaignsRepo.list(tx, {
    page: 1,
    sizePerPage: 1,
    sortName: 'id',
    sortOrder: 'asc',
    searchText: 'Servicio al cliente',
  });
  if (existing.total > 0) return;
  const admin = await usersRepo.findByEmail(tx, 'admin@atiende.test');
  const supervisor = await usersRepo.findByEmail(tx, 'supervisor@atiende.test');
  const agent = await usersRepo.findByEmail(tx, 'agente@atiende.test');
  const mfaAgent = await usersRepo.findByEmail(tx, 'agente.mfa@atiende.test');
  if (!admin || !supervisor || !agent || !mfaAgent) return;
  const hours = { enabled: true, timezone: 'America/Bogota', days: weekdays('08:00', '18:00') };
  const channel = (values: Parameters<typeof channelsRepo.insert>[1]) => channelsRepo.insert(tx, values);
  const common = {
    enabled: true,
    secrets: {},
    unavailableMessage:
      'Gracias por escribirnos. Nuestro horario es de lunes a viernes de 8:00 a 18:00; le responderemos apenas abramos.',
    createdBy: admin.id,
    updatedBy: admin.id,
  };
  // The README's walkthrough: the site's chat is staffed around the clock, so a visitor reaches the demo agent
  // whenever Atiende runs. The second web chat shows the other case: it is always outside its hours.
  const webchat = await channel({
    ...common,
    name: DEMO_WEBCHAT_NAME,
    type: 'webchat',
    direction: 'inbound',
    config: { welcomeMessage: '¡Hola! ¿En qué podemos ayudarle?' },
    businessHours: DEMO_WEBCHAT_HOURS,
  });
  const afterHours = await channel({
    ...common,
    name: DEMO_AFTER_HOURS_NAME,
    type: 'webchat',
    direction: 'inbound',
    config: { welcomeMessage: '¡Hola! Déjenos su mensaje.' },
    businessHours: DEMO_AFTER_HOURS_HOURS,
  });
  const email = await channel({
    ...common,
    name: 'Correo de soporte',
    type: 'email',
    direction: 'blended',
    config: {
      address: 'soporte@atiende.test',
      smtpHost: 'mail.atiende.test',
      smtpPort: 587,
      smtpSecure: false,
      smtpUser: 'soporte',
      imapHost: 'mail.atiende.test',
      imapPort: 993,
      imapSecure: true,
      imapUser: 'soporte',
    },
    secrets: { smtpPassword: 'demo', imapPassword: 'demo' },
    businessHours: hours,
  });
  const whatsapp = await channel({
    ...common,
    name: 'WhatsApp ventas',
    type: 'whatsapp',
    direction: 'blended',
    config: {
      phoneNumber: '573001234567',
      phoneNumberId: '100000000000001',
      businessAccountId: '200000000000002',
      apiBaseUrl: null,
    },
    secrets: { accessToken: 'demo-token', appSecret: 'demo-secret', verifyToken: 'demo-verify' },
    businessHours: hours,
  });
  const phone = await channel({
    ...common,
    name: 'Línea de atención',
    type: 'telephony',
    direction: 'blended',
    config: { sipHost: 'pbx.atiende.test', sipPort: 5060, sipUser: 'atiende', did: '+57 601 555 0100' },
    secrets: { sipPassword: 'demo' },
    businessHours: hours,
  });

  const reasons = await formsRepo.insertList(tx, {
    name: 'Motivos de contacto',
    description: 'Motivos comunes por los que nos contactan los clientes',
    type: 'list',
    alphabeticalOrder: true,
    enabled: true,
    options: ['Información', 'Compra', 'Garantía', 'Queja', 'Cambio de datos'].map((label) => ({ label })),
    createdBy: admin.id,
  });
  const form = await formsRepo.insertForm(tx, {
    name: 'Gestión de servicio',
    description: 'Registro de cada gestión con el cliente',
    requireNotes: true,
    requireNextTask: false,
    enabled: true,
    fields: [
      {
        key: 'motivo',
        label: 'Motivo',
        description: null,
        type: 'list',
        order: 1,
        alphabeticalOrder: false,
        required: true,
        defaultValue: null,
        options: [],
        reusableListId: reasons,
      },
      {
        key: 'resultado',
        label: 'Resultado',
        description: null,
        type: 'radio',
        order: 2,
        alphabeticalOrder: false,
        required: true,
        defaultValue: null,
        options: [{ label: 'Resuelto' }, { label: 'Pendiente' }, { label: 'Escalado' }],
        reusableListId: null,
      },
      {
        key: 'ciudad',
        label: 'Ciudad',
        description: null,
        type: 'multilevel',
        order: 3,
        alphabeticalOrder: false,
        required: false,
        defaultValue: null,
        options: [
          { label: 'Colombia', children: [{ label: 'Bogotá' }, { label: 'Medellín' }] },
          { label: 'México', children: [{ label: 'Ciudad de México' }] },
        ],
        reusableListId: null,
      },
      {
        key: 'valor',
        label: 'Valor de la compra',
        description: 'En pesos',
        type: 'number',
        order: 4,
        alphabeticalOrder: false,
        required: false,
        defaultValue: null,
        options: [],
        reusableListId: null,
      },
    ],
    createdBy: admin.id,
  });

  const config = {
    serviceLevelSeconds: 20,
    serviceLevelTarget: 80,
    averageHandlingSeconds: 300,
    tasksPerAgent: DEMO_TASKS_PER_AGENT,
    distribution: 'round-robin' as const,
    autoAssign: true,
    preferCustomerOwner: false,
    ticketCombination: 'customer-channel' as const,
    transcriptionSending: false,
    agentTransfer: true,
    campaignTransfer: true,
    autocomplete: true,
    allowAllTickets: false,
    otherContactInfo: true,
    closeWithoutTask: false,
    closeWithoutCustomerInfo: false,
    softphoneAutoAnswer: false,
    softphoneAutoAnswerTimeMs: 0,
    requiredSkillIds: [],
    closeMessage: DEFAULT_CLOSE_MESSAGE,
    surveyId: null,
    surveyMessage: DEFAULT_SURVEY_MESSAGE,
  };
  const service = await campaignsRepo.insert(tx, {
    name: 'Servicio al cliente',
    description: 'Atención de clientes por chat, correo y teléfono',
    type: 'inbound',
    formId: form,
    responsibleUserId: supervisor.id,
    enabled: true,
    config,
    createdBy: admin.id,
  });
  await campaignsRepo.replaceMembers(tx, service, {
    channelIds: [webchat, afterHours, email, phone],
    // Only the demo agent serves the site's chat, so the walkthrough's visitor always reaches them; the second
    // agent serves the out-of-hours chat (its conversations wait while that agent is signed out).
    agents: [
      { userId: agent.id, channelIds: [webchat, email, phone] },
      { userId: mfaAgent.id, channelIds: [afterHours] },
    ],
    supervisorIds: [supervisor.id],
    scripts: [
      {
        title: 'Saludo',
        body: '<p><strong>Buenos días</strong>, gracias por comunicarse con nosotros. Mi nombre es ___, ¿con quién tengo el gusto?</p>',
      },
    ],
    customTabs: [],
  });
  const sales = await campaignsRepo.insert(tx, {
    name: 'Ventas',
    description: 'Ventas por WhatsApp',
    type: 'blended',
    formId: form,
    responsibleUserId: supervisor.id,
    enabled: true,
    config: { ...config, distribution: 'least-recent' },
    createdBy: admin.id,
  });
  await campaignsRepo.replaceMembers(tx, sales, {
    channelIds: [whatsapp],
    agents: [{ userId: mfaAgent.id, channelIds: [whatsapp] }],
    supervisorIds: [supervisor.id],
    scripts: [],
    customTabs: [],
  });

  const documents = await cataloguesRepo.idsByCode(tx, 'tipo-documento');
  const contactTypes = await cataloguesRepo.idsByCode(tx, 'tipo-dato-contacto');
  const labels = [...(await cataloguesRepo.idsByCode(tx, 'customer-label')).values()];
  const rows: ImportCustomer[] = [];
  for (let index = 0; index < DEMO_CUSTOMERS; index++) {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length];
    const secondLastName = LAST_NAMES[(index * 3 + 5) % LAST_NAMES.length];
    const number = String(1_000_000_000 + index * 7919);
    const mail = `${searchable(firstName).replace(/\s/g, '')}.${searchable(lastName)}${index}@correo.test`;
    const mobile = `+57 3${String(100_000_000 + index * 4_273).slice(0, 9)}`;
    rows.push({
      identificationTypeId: documents.get('CC') as number,
      identificationNumber: number,
      firstName,
      middleName: null,
      lastName,
      secondLastName,
      birthday: `19${60 + (index % 40)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      gender: index % 2 === 0 ? 'female' : 'male',
      searchText: searchable(firstName, lastName, secondLastName, number, mail, mobile),
      contacts: [
        { typeId: contactTypes.get('4') as number, value: mail, normalizedValue: normalizeContactValue(mail, 'email') },
        {
          typeId: contactTypes.get('2') as number,
          value: mobile,
          normalizedValue: normalizeContactValue(mobile, 'phone'),
        },
      ],
    });
  }
  await importsRepo.upsertBatch(tx, rows, admin.id, ALL_CUSTOMERS, service);
  const page = await customersRepo.list(tx, {
    scope: ALL_CUSTOMERS,
    page: 1,
    sizePerPage: DEMO_CUSTOMERS,
    sortName: 'id',
    sortOrder: 'asc',
  });
  for (const [index, customer] of page.data.entries()) {
    await customersRepo.replaceLabels(tx, customer.id, [labels[index % labels.length]]);
  }
  await customersRepo.assignOwner(
    tx,
    page.data.slice(0, 40).map((customer) => customer.id),
    agent.id,
  );
}
