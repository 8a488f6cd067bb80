import { type BusinessRule, businessRuleBodySchema, RULE_ACTION_TYPES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ActionDraft,
  actionItem,
  draftToAction,
  emptyRuleForm,
  moveItem,
  newAction,
  type RuleFormState,
  ruleFormToBody,
  ruleToForm,
  webhookSecretState,
} from './model';

type WebhookDraft = Extract<ActionDraft, { type: 'webhook' }>;

const saved: BusinessRule = {
  id: 12,
  name: 'Escalar urgentes',
  description: null,
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  kind: 'trigger',
  triggerEvent: 'messageReceived',
  everyMinutes: null,
  conditions: {
    match: 'all',
    conditions: [{ field: 'message.text', operator: 'contains', type: 'text', value: 'urgente' }],
  },
  actions: [
    { type: 'setPriority', priority: 2 },
    { type: 'webhook', url: 'https://hooks.example.com/atiende', timeoutSeconds: 5, hasSecret: true },
    { type: 'addTask', notes: 'Llamar al cliente', nextTaskInMinutes: null },
    { type: 'sendEmail', to: ['jefe@example.com'], subject: 'Urgente', body: 'Revisar' },
  ],
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('business rule form', () => {
  it('round-trips a saved rule into a valid body', () => {
    const body = ruleFormToBody(ruleToForm(saved));
    expect(body).toEqual({
      name: 'Escalar urgentes',
      description: '',
      campaignId: 3,
      enabled: true,
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      everyMinutes: null,
      conditions: saved.conditions,
      actions: [
        { type: 'setPriority', priority: 2 },
        { type: 'webhook', url: 'https://hooks.example.com/atiende', timeoutSeconds: 5 },
        { type: 'addTask', notes: 'Llamar al cliente', nextTaskInMinutes: null },
        { type: 'sendEmail', to: ['jefe@example.com'], subject: 'Urgente', body: 'Revisar' },
      ],
    });
    expect(businessRuleBodySchema.safeParse(body).success).toBe(true);
  });

  it('omits the webhook secret left empty (the saved one stays) and sends a new one', () => {
    const form = ruleToForm(saved);
    const webhook = form.actions[1].action as WebhookDraft;
    expect(webhook).toMatchObject({ type: 'webhook', secret: '', hasSecret: true });
    // The server keeps the secret saved for the same address: a changed address needs it again.
    expect(webhookSecretState(webhook)).toBe('kept');
    expect(webhookSecretState({ ...webhook, url: ' https://hooks.example.com/atiende ' })).toBe('kept');
    expect(webhookSecretState({ ...webhook, url: 'https://other.example.com' })).toBe('lost');
    expect(webhookSecretState(newAction('webhook') as WebhookDraft)).toBe('none');
    const kept = ruleFormToBody(form).actions[1];
    expect(kept).not.toHaveProperty('secret');
    expect(kept).not.toHaveProperty('hasSecret');
    const changed = draftToAction({ ...webhook, secret: 'a-new-secret-of-32-characters-ok' });
    expect(changed).toEqual({
      type: 'webhook',
      url: 'https://hooks.example.com/atiende',
      timeoutSeconds: 5,
      secret: 'a-new-secret-of-32-characters-ok',
    });
    // A new webhook without a secret sends none either; a short one is refused with the rule's message.
    expect(draftToAction({ ...(newAction('webhook') as WebhookDraft), url: 'https://x.example.com' })).toEqual({
      type: 'webhook',
      url: 'https://x.example.com',
      timeoutSeconds: 10,
    });
    const short = businessRuleBodySchema.safeParse({
      ...ruleFormToBody(form),
      actions: [{ type: 'webhook', url: 'https://x.example.com', secret: 'short' }],
    });
    expect(short.error?.issues).toEqual([
      expect.objectContaining({ path: ['actions', 0, 'secret'], message: 'i18n:automation.rules.secretLength' }),
    ]);
  });

  it('sends the kind’s own setting only', () => {
    const automation: RuleFormState = { ...ruleToForm(saved), kind: 'automation', everyMinutes: '15' };
    expect(ruleFormToBody(automation)).toMatchObject({ kind: 'automation', triggerEvent: null, everyMinutes: 15 });
    const noEvery = businessRuleBodySchema.safeParse(ruleFormToBody({ ...automation, everyMinutes: '' }));
    expect(noEvery.error?.issues).toEqual([
      expect.objectContaining({ path: ['everyMinutes'], message: 'i18n:automation.rules.everyRequired' }),
    ]);
    const tooOften = businessRuleBodySchema.safeParse(ruleFormToBody({ ...automation, everyMinutes: '2' }));
    expect(tooOften.error?.issues[0].path).toEqual(['everyMinutes']);
    // changedTo needs an event: refused for a rule on a schedule, accepted for a trigger.
    const changedTo: RuleFormState = {
      ...automation,
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.status', operator: 'changedTo', type: 'enum', value: 4 }],
      },
    };
    expect(businessRuleBodySchema.safeParse(ruleFormToBody(changedTo)).error?.issues).toEqual([
      expect.objectContaining({ path: ['conditions'], message: 'i18n:automation.conditions.changedToNeedsEvent' }),
    ]);
    expect(businessRuleBodySchema.safeParse(ruleFormToBody({ ...changedTo, kind: 'trigger' })).success).toBe(true);
  });

  it('flags what a new form still lacks at its fields', () => {
    const form: RuleFormState = {
      ...emptyRuleForm(),
      actions: [actionItem(newAction('assignAgent')), actionItem(newAction('sendEmail'))],
    };
    const issues = businessRuleBodySchema.safeParse(ruleFormToBody(form)).error?.issues ?? [];
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      name: 'i18n:automation.rules.nameRequired',
      campaignId: 'i18n:automation.rules.referenceRequired',
      'actions.0.userId': 'i18n:automation.rules.referenceRequired',
      'actions.1.to': 'i18n:automation.rules.emailRequired',
      'actions.1.subject': 'i18n:automation.rules.textRequired',
    });
    const none = businessRuleBodySchema.safeParse(ruleFormToBody({ ...form, actions: [] }));
    expect(none.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['actions'], message: 'i18n:automation.rules.actionRequired' }),
    );
  });

  it('builds a valid action of every type once its fields are filled', () => {
    const filled = {
      userId: 5,
      typeId: 2,
      labelId: 7,
      campaignId: 9,
      templateId: 4,
      skillId: 6,
      notes: 'Nota',
      message: 'Aviso',
      to: ['a@example.com'],
      subject: 'Asunto',
      body: 'Cuerpo',
      url: 'https://hooks.example.com',
    };
    for (const type of RULE_ACTION_TYPES) {
      const draft = { ...newAction(type), ...pickFields(newAction(type), filled) };
      const body = ruleFormToBody({
        ...emptyRuleForm(3),
        name: 'Regla',
        actions: [actionItem(draft as ActionDraft)],
      });
      expect(businessRuleBodySchema.safeParse(body).success, type).toBe(true);
    }
  });

  it('moves an action up and down, not past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('gives each action its own key, which follows it when moved', () => {
    const items = [actionItem(newAction('close')), actionItem(newAction('assignByDistribution'))];
    expect(items[0].key).not.toBe(items[1].key);
    expect(moveItem(items, 0, 1).map((item) => item.key)).toEqual([items[1].key, items[0].key]);
  });
});

/** The fields of `filled` that `draft` has. */
function pickFields(draft: object, filled: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filled).filter(([key]) => key in draft));
}
