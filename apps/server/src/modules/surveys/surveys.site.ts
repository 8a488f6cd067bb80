import type { Locale, PublicSurvey, SurveyAnswerValue, SurveyOption, SurveyQuestion } from '@atiende/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.js';
import { AppError } from '../../platform/http/errors.js';
import { isMessageKey, type MessageKey, translate } from '../../platform/i18n/messages.js';
import { scaleOf } from './surveys.answers.js';
import { browserIdentity } from './surveys.cookies.js';
import { SURVEY_RATE_LIMITS, surveyRateLimit, tokenParamsSchema } from './surveys.routes.js';
import { SURVEY_PAGE_PATH, type SurveysService } from './surveys.service.js';

/**
 * The public page of a survey link (docs/surveys.md): a server-rendered HTML form, no script, in Spanish or English
 * (Accept-Language; `?lang=` wins, with a link to switch), in the survey's colour and with the business's logo. The
 * form posts back to the same address; errors re-render the form with the values kept and an error summary.
 *
 * Stable names and test ids: each question's control is named `q_<key>` (checkboxes repeat the name; a multi-level
 * choice sends the chosen option's index path, `0.2`), with `data-testid="survey-q-<key>"` on its input, select,
 * textarea or fieldset, `survey-q-<key>-<value>` on each radio or checkbox, `survey-error-<key>` on its message;
 * `survey-form`, `survey-submit`, `survey-errors` (the summary), `survey-confirmation`, `survey-expired`,
 * `survey-answered`, `survey-not-found`, `survey-lang` (the language switch).
 */

const TEXTS = {
  es: {
    submit: 'Enviar respuestas',
    required: 'obligatoria',
    requiredNote: 'Las preguntas marcadas con * son obligatorias.',
    errors: (count: number) => (count === 1 ? 'Revise 1 respuesta' : `Revise ${count} respuestas`),
    choose: 'Elija una opción',
    npsLow: 'Nada probable',
    npsHigh: 'Muy probable',
    csatLow: 'Muy insatisfecho',
    csatHigh: 'Muy satisfecho',
    ratingLow: 'Menor',
    ratingHigh: 'Mayor',
    otherLanguage: 'English',
    notFound: 'No encontramos esta encuesta',
    notFoundText: 'El enlace no es válido o la encuesta ya no está disponible.',
    expiredTitle: 'Esta encuesta venció',
    answeredTitle: 'Encuesta respondida',
    thanksTitle: '¡Gracias!',
    previous: 'Estas son sus respuestas anteriores: al enviar, las nuevas las reemplazan.',
    expiresAt: 'Recibe respuestas hasta el',
  },
  en: {
    submit: 'Send answers',
    required: 'required',
    requiredNote: 'Questions marked with * are required.',
    errors: (count: number) => (count === 1 ? 'Check 1 answer' : `Check ${count} answers`),
    choose: 'Choose an option',
    npsLow: 'Not at all likely',
    npsHigh: 'Extremely likely',
    csatLow: 'Very dissatisfied',
    csatHigh: 'Very satisfied',
    ratingLow: 'Lowest',
    ratingHigh: 'Highest',
    otherLanguage: 'Español',
    notFound: 'We could not find this survey',
    notFoundText: 'The link is not valid or the survey is no longer available.',
    expiredTitle: 'This survey has expired',
    answeredTitle: 'Survey answered',
    thanksTitle: 'Thank you!',
    previous: 'These are your previous answers: sending replaces them with the new ones.',
    expiresAt: 'Takes answers until',
  },
} as const;

const e = escapeHtml;
const TEXT_TYPES: Record<string, string> = {
  text: 'text',
  number: 'number',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  email: 'email',
  phone: 'tel',
};

/** The readable text colour on the primary colour (black or white by luminance). */
function contrastOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 ? '#111' : '#fff';
}

/** The page's language: `?lang=` first, then the browser's preference, Spanish by default. */
function languageOf(request: FastifyRequest, body?: URLSearchParams): Locale {
  const asked = body?.get('lang') ?? (request.query as { lang?: unknown }).lang;
  if (asked === 'es' || asked === 'en') return asked;
  for (const part of String(request.headers['accept-language'] ?? '')
    .toLowerCase()
    .split(',')) {
    const tag = part.trim().slice(0, 2);
    if (tag === 'es' || tag === 'en') return tag;
  }
  return 'es';
}

/** A multi-level choice: every path of the tree as `0.2.1` with its readable labels. */
function pathsOf(options: readonly SurveyOption[], prefix: number[] = [], labels: string[] = []) {
  const paths: { value: string; labels: string[] }[] = [];
  options.forEach((option, index) => {
    const at = [...prefix, index];
    const named = [...labels, option.label];
    paths.push({ value: at.join('.'), labels: named });
    paths.push(...pathsOf(option.children ?? [], at, named));
  });
  return paths;
}

/** The form's fields as answers by key (what the JSON route takes). */
function answersOf(questions: readonly SurveyQuestion[], form: URLSearchParams): Record<string, SurveyAnswerValue> {
  const answers: Record<string, SurveyAnswerValue> = {};
  for (const question of questions) {
    const name = `q_${question.key}`;
    if (question.type === 'checkbox') {
      answers[question.key] = form.getAll(name).slice(0, 200);
    } else if (question.type === 'multilevel') {
      const chosen = form.get(name) ?? '';
      const path = pathsOf(question.options as SurveyOption[]).find((entry) => entry.value === chosen);
      // An index that names no option stays a value the checks refuse.
      answers[question.key] = path ? path.labels : chosen ? [chosen] : null;
    } else {
      answers[question.key] = form.get(name);
    }
  }
  return answers;
}

interface FormState {
  values: Record<string, SurveyAnswerValue>;
  errors: Map<string, string>;
  notice?: string;
}

function control(
  question: SurveyQuestion,
  value: SurveyAnswerValue | undefined,
  error: string | undefined,
  lang: Locale,
) {
  const t = TEXTS[lang];
  const key = question.key;
  const name = `q_${key}`;
  const id = `q-${key}`;
  const described = [question.description ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = `${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}${question.required ? ' aria-required="true"' : ''}`;
  const mark = question.required
    ? ` <span class="req" aria-hidden="true">*</span><span class="sr">(${t.required})</span>`
    : '';
  const help = question.description ? `<p class="help" id="${id}-help">${e(question.description)}</p>` : '';
  const message = error ? `<p class="error" id="${id}-error" data-testid="survey-error-${key}">${e(error)}</p>` : '';
  const text = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  const scale = scaleOf(question);

  // A radio group states it is required; checkboxes (choose any) do not.
  const groupAria = (type: 'radio' | 'checkbox') =>
    type === 'radio'
      ? ` role="radiogroup" aria-labelledby="${id}-label"${aria}`
      : `${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
  const group = (inputs: string, type: 'radio' | 'checkbox', ends?: [string, string]) =>
    `<fieldset class="question${error ? ' invalid' : ''}" id="${id}" data-testid="survey-q-${key}"${groupAria(type)}>
<legend id="${id}-label">${e(question.label)}${mark}</legend>${help}${message}
<div class="${ends ? 'scale' : 'choices'}">${inputs}</div>${
      ends ? `<div class="ends" aria-hidden="true"><span>${e(ends[0])}</span><span>${e(ends[1])}</span></div>` : ''
    }</fieldset>`;

  if (scale) {
    const chosen = text;
    const points: string[] = [];
    for (let point = scale.min; point <= scale.max; point += 1) {
      const end = point === scale.min ? endsOf(question, t)[0] : point === scale.max ? endsOf(question, t)[1] : '';
      points.push(
        `<label class="point"><input type="radio" name="${name}" value="${point}" data-testid="survey-q-${key}-${point}"${
          chosen === String(point) ? ' checked' : ''
        }${end ? ` aria-label="${point} (${e(end)})"` : ''}><span>${point}</span></label>`,
      );
    }
    return group(points.join(''), 'radio', endsOf(question, t));
  }
  if (question.type === 'radio' || question.type === 'checkbox') {
    const chosen = Array.isArray(value) ? value : value === undefined || value === null ? [] : [String(value)];
    const inputs = question.options
      .map(
        (option, index) =>
          `<label class="choice"><input type="${question.type}" name="${name}" value="${e(option.label)}" data-testid="survey-q-${key}-${index}"${
            chosen.includes(option.label) ? ' checked' : ''
          }> <span>${e(option.label)}</span></label>`,
      )
      .join('');
    return group(inputs, question.type);
  }
  const wrap = (field: string) =>
    `<div class="question${error ? ' invalid' : ''}"><label for="${id}">${e(question.label)}${mark}</label>${help}${message}${field}</div>`;
  if (question.type === 'list' || question.type === 'multilevel') {
    const entries =
      question.type === 'list'
        ? question.options.map((option) => ({
            value: option.label,
            label: option.label,
            selected: text === option.label,
          }))
        : pathsOf(question.options as SurveyOption[]).map((path) => ({
            value: path.value,
            label: path.labels.join(' › '),
            selected: Array.isArray(value) && value.join('\u0000') === path.labels.join('\u0000'),
          }));
    return wrap(
      `<select id="${id}" name="${name}" data-testid="survey-q-${key}"${aria}><option value="">${t.choose}</option>${entries
        .map(
          (entry) => `<option value="${e(entry.value)}"${entry.selected ? ' selected' : ''}>${e(entry.label)}</option>`,
        )
        .join('')}</select>`,
    );
  }
  if (question.type === 'textarea') {
    return wrap(
      `<textarea id="${id}" name="${name}" rows="4" maxlength="5000" data-testid="survey-q-${key}"${aria}>${e(text)}</textarea>`,
    );
  }
  const type = TEXT_TYPES[question.type] ?? 'text';
  const extra =
    question.type === 'number' ? ' step="any" inputmode="decimal"' : question.type === 'text' ? ' maxlength="500"' : '';
  const autocomplete =
    question.type === 'email' ? ' autocomplete="email"' : question.type === 'phone' ? ' autocomplete="tel"' : '';
  return wrap(
    `<input id="${id}" name="${name}" type="${type}" value="${e(text)}"${extra}${autocomplete} data-testid="survey-q-${key}"${aria}>`,
  );
}

function endsOf(question: SurveyQuestion, t: (typeof TEXTS)[Locale]): [string, string] {
  if (question.type === 'nps') return [t.npsLow, t.npsHigh];
  if (question.type === 'csat') return [t.csatLow, t.csatHigh];
  return [t.ratingLow, t.ratingHigh];
}

function page(options: {
  lang: Locale;
  title: string;
  colour: string;
  body: string;
  logo?: { url: string; height: number } | null;
  switchHref: string;
}): string {
  const t = TEXTS[options.lang];
  const other = options.lang === 'es' ? 'en' : 'es';
  const logo = options.logo
    ? `<img class="logo" src="${e(options.logo.url)}" alt="" style="height:${options.logo.height}px">`
    : '';
  return `<!doctype html>
<html lang="${options.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(options.title)}</title>
<style>
:root { --primary: ${options.colour}; --on-primary: ${contrastOf(options.colour)}; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f6f8fa; }
header { background: var(--primary); color: var(--on-primary); }
header .bar { max-width: 680px; margin: 0 auto; padding: 12px 16px; display: flex; gap: 12px; align-items: center; justify-content: space-between; }
header a { color: var(--on-primary); }
.logo { display: block; max-width: 60%; width: auto; object-fit: contain; }
main { max-width: 680px; margin: 0 auto; padding: 20px 16px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 8px; overflow-wrap: anywhere; }
.intro { margin: 0 0 16px; white-space: pre-line; overflow-wrap: anywhere; }
.note, .help { color: #57606a; font-size: .9rem; margin: 4px 0; }
form { display: flex; flex-direction: column; gap: 16px; }
.question { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 14px 16px; margin: 0; min-width: 0; }
.question.invalid { border-color: #cf222e; border-width: 2px; }
.question > label, legend { font-weight: 600; display: block; overflow-wrap: anywhere; }
legend { padding: 0 4px; float: left; width: 100%; }
legend + * { clear: both; }
input[type=text], input[type=number], input[type=date], input[type=time], input[type=datetime-local], input[type=email], input[type=tel], select, textarea {
  width: 100%; margin-top: 6px; padding: 10px 12px; font: inherit; border: 1px solid #8c959f; border-radius: 8px; background: #fff; color: inherit; }
.choices { display: flex; flex-direction: column; gap: 6px; margin-top: 8px; }
.choice { display: flex; gap: 8px; align-items: flex-start; padding: 6px 0; font-weight: normal; }
.choice input { width: 20px; height: 20px; margin: 2px 0 0; flex: none; }
.scale { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
.point { position: relative; }
.point input { position: absolute; opacity: 0; width: 100%; height: 100%; margin: 0; cursor: pointer; }
.point span { display: inline-flex; align-items: center; justify-content: center; min-width: 40px; height: 40px; padding: 0 8px; border: 1px solid #8c959f; border-radius: 8px; background: #fff; }
.point input:checked + span { background: var(--primary); color: var(--on-primary); border-color: var(--primary); font-weight: 700; }
.point input:focus-visible + span { outline: 3px solid #ffbf47; outline-offset: 2px; }
.ends { display: flex; justify-content: space-between; gap: 12px; font-size: .85rem; color: #57606a; margin-top: 6px; }
.req { color: #cf222e; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.error { color: #cf222e; font-weight: 600; margin: 6px 0 0; }
.summary { border: 2px solid #cf222e; background: #fff5f5; border-radius: 10px; padding: 12px 16px; }
.summary h2 { margin: 0 0 6px; font-size: 1.1rem; }
.summary a { color: #a40e26; }
.notice { background: #ddf4ff; border: 1px solid #54aeff; border-radius: 10px; padding: 10px 14px; }
.message { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 20px; white-space: pre-line; overflow-wrap: anywhere; }
button { align-self: flex-start; padding: 12px 22px; font: inherit; font-weight: 600; border: 0; border-radius: 8px; background: var(--primary); color: var(--on-primary); cursor: pointer; }
:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
@media (max-width: 420px) { .point span { min-width: 34px; height: 38px; padding: 0 4px; } button { width: 100%; } }
</style>
</head>
<body>
<header><div class="bar">${logo}<a href="${e(options.switchHref)}" hreflang="${other}" lang="${other}" data-testid="survey-lang">${t.otherLanguage}</a></div></header>
<main>
${options.body}
</main>
</body>
</html>`;
}

export async function surveySiteRoutes(app: FastifyInstance, surveys: SurveysService, secureCookies: boolean) {
  await app.register(async (scoped) => {
    // Checkbox questions repeat their field: this scope reads the form as URLSearchParams (every value kept).
    scoped.removeContentTypeParser('application/x-www-form-urlencoded');
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, new URLSearchParams(String(body)));
    });

    const send = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);

    const pathOf = (token: string) => `${SURVEY_PAGE_PATH}/${encodeURIComponent(token)}`;

    /** A page without the form: not found, expired, already answered, thanks. */
    function notice(
      reply: FastifyReply,
      status: number,
      lang: Locale,
      token: string,
      content: { title: string; text: string; testId: string },
      look?: { colour: string; logo: { url: string; height: number } | null },
    ) {
      return send(
        reply,
        status,
        page({
          lang,
          title: content.title,
          colour: look?.colour ?? '#1565c0',
          logo: look?.logo ?? null,
          switchHref: `${pathOf(token)}?lang=${lang === 'es' ? 'en' : 'es'}`,
          body: `<h1>${e(content.title)}</h1><div class="message" role="status" data-testid="${content.testId}">${e(content.text)}</div>`,
        }),
      );
    }

    /** The refusals of the JSON route as pages. */
    function refusal(
      reply: FastifyReply,
      error: unknown,
      lang: Locale,
      token: string,
      look?: Parameters<typeof notice>[5],
    ) {
      const t = TEXTS[lang];
      if (error instanceof AppError && error.statusCode === 410) {
        return notice(
          reply,
          410,
          lang,
          token,
          {
            title: t.expiredTitle,
            text: translate(lang, 'surveys.expired'),
            testId: 'survey-expired',
          },
          look,
        );
      }
      if (error instanceof AppError && error.statusCode === 409) {
        return notice(
          reply,
          409,
          lang,
          token,
          {
            title: t.answeredTitle,
            text: translate(lang, 'surveys.alreadyAnswered'),
            testId: 'survey-answered',
          },
          look,
        );
      }
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 422)) {
        return notice(reply, 404, lang, token, { title: t.notFound, text: t.notFoundText, testId: 'survey-not-found' });
      }
      throw error;
    }

    function form(
      reply: FastifyReply,
      status: number,
      lang: Locale,
      token: string,
      view: PublicSurvey,
      state: FormState,
    ) {
      const t = TEXTS[lang];
      const errorList = [...state.errors];
      const summary = errorList.length
        ? `<div class="summary" role="alert" tabindex="-1" id="errors" data-testid="survey-errors"><h2>${t.errors(errorList.length)}</h2><ul>${errorList
            .map(([key, message]) => {
              const question = view.questions.find((candidate) => candidate.key === key);
              return `<li><a href="#q-${key}">${e(question?.label ?? key)}: ${e(message)}</a></li>`;
            })
            .join('')}</ul></div>`
        : '';
      const expires = view.expiresAt
        ? `<p class="note">${t.expiresAt} ${e(
            new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(view.expiresAt)),
          )}</p>`
        : '';
      const fields = view.questions
        .map((question) => {
          const submitted = Object.hasOwn(state.values, question.key) ? state.values[question.key] : undefined;
          const fallback = submitted === undefined ? (question.defaultValue ?? undefined) : submitted;
          return control(question, fallback, state.errors.get(question.key), lang);
        })
        .join('\n');
      const body = `<h1>${e(view.name)}</h1>
${view.description ? `<p class="intro">${e(view.description)}</p>` : ''}${expires}
${state.notice ? `<p class="notice">${e(state.notice)}</p>` : ''}
<form method="post" action="${pathOf(token)}" novalidate data-testid="survey-form">
${summary}
<p class="note">${t.requiredNote}</p>
<input type="hidden" name="lang" value="${lang}">
${fields}
<button type="submit" data-testid="survey-submit">${t.submit}</button>
</form>`;
      return send(
        reply,
        status,
        page({
          lang,
          title: errorList.length ? `${t.errors(errorList.length)} · ${view.name}` : view.name,
          colour: view.primaryColor,
          logo: view.logoUrl ? { url: view.logoUrl, height: view.logoHeight } : null,
          switchHref: `${pathOf(token)}?lang=${lang === 'es' ? 'en' : 'es'}`,
          body,
        }),
      );
    }

    const route = {
      config: { public: true, rateLimit: surveyRateLimit(SURVEY_RATE_LIMITS.view) },
      schema: { hide: true },
    };

    scoped.get(`${SURVEY_PAGE_PATH}/:token`, route, async (request, reply) => {
      const lang = languageOf(request);
      const params = tokenParamsSchema.safeParse(request.params);
      const token = params.success ? params.data.token : '';
      try {
        if (!params.success) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
        const view = await surveys.publicView(token, browserIdentity(request, reply, secureCookies));
        const look = {
          colour: view.primaryColor,
          logo: view.logoUrl ? { url: view.logoUrl, height: view.logoHeight } : null,
        };
        if (view.answered) {
          return notice(
            reply,
            200,
            lang,
            token,
            {
              title: TEXTS[lang].answeredTitle,
              text: translate(lang, 'surveys.alreadyAnswered'),
              testId: 'survey-answered',
            },
            look,
          );
        }
        return form(reply, 200, lang, token, view, {
          values: view.previous ?? {},
          errors: new Map(),
          notice: view.previous ? TEXTS[lang].previous : undefined,
        });
      } catch (error) {
        return refusal(reply, error, lang, token);
      }
    });

    scoped.post(
      `${SURVEY_PAGE_PATH}/:token`,
      { ...route, config: { ...route.config, rateLimit: surveyRateLimit(SURVEY_RATE_LIMITS.submit) } },
      async (request, reply) => {
        const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const lang = languageOf(request, body);
        const params = tokenParamsSchema.safeParse(request.params);
        const token = params.success ? params.data.token : '';
        let view: PublicSurvey | null = null;
        try {
          if (!params.success) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
          const browser = browserIdentity(request, reply, secureCookies);
          view = await surveys.publicView(token, browser);
          const answers = answersOf(view.questions, body);
          try {
            const { confirmationMessage } = await surveys.submit(token, browser, answers, lang);
            return notice(
              reply,
              200,
              lang,
              token,
              {
                title: TEXTS[lang].thanksTitle,
                text: confirmationMessage,
                testId: 'survey-confirmation',
              },
              { colour: view.primaryColor, logo: view.logoUrl ? { url: view.logoUrl, height: view.logoHeight } : null },
            );
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode !== 422 || !error.fields) throw error;
            const errors = new Map<string, string>();
            for (const field of error.fields) {
              const key = field.field.replace(/^answers\./, '');
              if (!errors.has(key)) {
                errors.set(
                  key,
                  isMessageKey(field.message) ? translate(lang, field.message as MessageKey) : field.message,
                );
              }
            }
            return form(reply, 422, lang, token, view, { values: answers, errors });
          }
        } catch (error) {
          const look = view
            ? { colour: view.primaryColor, logo: view.logoUrl ? { url: view.logoUrl, height: view.logoHeight } : null }
            : undefined;
          return refusal(reply, error, lang, token, look);
        }
      },
    );
  });
}
