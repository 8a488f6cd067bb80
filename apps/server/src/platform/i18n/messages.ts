import type { Locale } from '@atiende/contracts';

/** Server messages by key, in every locale. Placeholders: {name}. */
const es = {
  ok: 'Operación realizada correctamente',
  'health.ok': 'El servicio está funcionando',
  'auth.loggedIn': 'Bienvenido',
  'auth.loggedOut': 'Sesión cerrada',
  'auth.invalidCredentials': 'El correo o la contraseña no son correctos',
  'auth.userDisabled': 'El usuario está deshabilitado; contacte al administrador',
  'auth.codeSent': 'Enviamos un código de verificación a su correo; ingréselo para continuar',
  'auth.codeInvalid': 'El código de verificación no es válido o ha expirado; solicite uno nuevo si es necesario',
  'auth.unauthenticated': 'Su sesión no es válida o ha terminado; inicie sesión de nuevo',
  'auth.credentialsValid': 'Credenciales verificadas',
  'auth.sessionReplaced':
    'Se detectaron varias sesiones: su usuario inició sesión en otro lugar y esta sesión se cerró',
  'auth.resetSent': 'Si el correo está registrado, enviamos un enlace para restablecer la contraseña',
  'auth.resetDone': 'Su contraseña fue actualizada; ya puede iniciar sesión',
  'auth.resetInvalid': 'El enlace para restablecer la contraseña no es válido o ha expirado',
  'auth.passwordsDoNotMatch': 'La confirmación no coincide con la contraseña',
  'auth.mail.codeSubject': 'Su código de verificación de Atiende',
  'auth.mail.codeBody': 'Su código de verificación es {code}. Vence en {minutes} minutos y sirve una sola vez.',
  'auth.mail.resetSubject': 'Restablecer su contraseña de Atiende',
  'auth.mail.resetBody':
    'Recibimos una solicitud para restablecer su contraseña. Abra este enlace (vence en {minutes} minutos): {link}\nSi no la pidió, ignore este mensaje.',
  'errors.forbidden': 'Permisos insuficientes; contacte a un administrador',
  'errors.notFound': 'El recurso no existe o no se pudo encontrar',
  'errors.routeNotFound': 'La ruta solicitada no existe',
  'errors.validation': 'Los datos enviados no son válidos',
  'errors.badRequest': 'La solicitud no es válida',
  'errors.malformedJson': 'El cuerpo de la solicitud no es un JSON válido',
  'errors.unsupportedMediaType': 'Tipo de contenido no admitido',
  'errors.payloadTooLarge': 'La solicitud es demasiado grande',
  'errors.rateLimited': 'Demasiados intentos; espere un momento y vuelva a intentarlo',
  'errors.internal': 'Ocurrió un error; inténtelo de nuevo o contacte a soporte',
  'errors.conflict': 'La operación entra en conflicto con el estado actual',
} as const;

export type MessageKey = keyof typeof es;

const en: Record<MessageKey, string> = {
  ok: 'Done',
  'health.ok': 'The service is running',
  'auth.loggedIn': 'Welcome',
  'auth.loggedOut': 'Signed out',
  'auth.invalidCredentials': 'The email or password is not correct',
  'auth.userDisabled': 'This user is disabled; contact your administrator',
  'auth.codeSent': 'We sent a verification code to your email; enter it to continue',
  'auth.codeInvalid': 'The verification code is not valid or has expired; request a new one if needed',
  'auth.unauthenticated': 'Your session is not valid or has ended; sign in again',
  'auth.credentialsValid': 'Credentials verified',
  'auth.sessionReplaced': 'Multiple sessions detected: your user signed in elsewhere and this session was closed',
  'auth.resetSent': 'If the email is registered, we sent a link to reset the password',
  'auth.resetDone': 'Your password was updated; you can sign in now',
  'auth.resetInvalid': 'The password reset link is not valid or has expired',
  'auth.passwordsDoNotMatch': 'The confirmation does not match the password',
  'auth.mail.codeSubject': 'Your Atiende verification code',
  'auth.mail.codeBody': 'Your verification code is {code}. It expires in {minutes} minutes and works only once.',
  'auth.mail.resetSubject': 'Reset your Atiende password',
  'auth.mail.resetBody':
    'We received a request to reset your password. Open this link (it expires in {minutes} minutes): {link}\nIf you did not ask for it, ignore this message.',
  'errors.forbidden': 'Insufficient permissions; contact an administrator',
  'errors.notFound': 'The resource does not exist or could not be found',
  'errors.routeNotFound': 'The requested route does not exist',
  'errors.validation': 'The data sent is not valid',
  'errors.badRequest': 'The request is not valid',
  'errors.malformedJson': 'The request body is not valid JSON',
  'errors.unsupportedMediaType': 'Unsupported content type',
  'errors.payloadTooLarge': 'The request is too large',
  'errors.rateLimited': 'Too many attempts; wait a moment and try again',
  'errors.internal': 'An error occurred; try again or contact support',
  'errors.conflict': 'The operation conflicts with the current state',
};

const catalogues: Record<Locale, Record<MessageKey, string>> = { es, en };

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.es[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export function isMessageKey(value: string): value is MessageKey {
  return value in es;
}
