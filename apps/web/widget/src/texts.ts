/** The embed script's texts: Spanish by default, English when the page's `lang` starts with "en". */
const es = {
  open: 'Contáctenos',
  close: 'Cerrar',
  back: 'Volver',
  chat: 'Chat en línea',
  chatTitle: 'Chat',
  defaultTitle: '¿Necesita ayuda?',
  defaultSubtitle: 'Escríbanos por el canal que prefiera',
  intro: 'Cuéntenos quién es (opcional) para atenderle mejor.',
  name: 'Nombre',
  email: 'Correo electrónico',
  start: 'Iniciar chat',
  placeholder: 'Escriba un mensaje…',
  send: 'Enviar',
  typing: '{name} está escribiendo…',
  someone: 'Un agente',
  you: 'Usted',
  failed: 'No se envió. Toque para reintentar.',
  offline: 'Reconectando…',
  error: 'No pudimos conectar con el chat. Inténtelo de nuevo en un momento.',
  emailInvalid: 'Revise el correo electrónico',
  download: 'Descargar {name}',
  attach: 'Adjuntar un archivo',
  fileTooLarge: 'El archivo supera los 10 MB.',
  fileRefused: 'Ese tipo de archivo no se puede enviar.',
  fileFailed: 'No se envió el archivo.',
  downloadFailed: 'No se pudo descargar el archivo.',
  channels: {
    webchat: 'Chat en línea',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    facebook: 'Messenger',
    instagram: 'Instagram',
    twitter: 'X',
    email: 'Correo',
    telephony: 'Llamar',
    sms: 'SMS',
    website: 'Sitio web',
    inPerson: 'Visítenos',
  } as Record<string, string>,
};

export type Texts = typeof es;

const en: Texts = {
  open: 'Contact us',
  close: 'Close',
  back: 'Back',
  chat: 'Live chat',
  chatTitle: 'Chat',
  defaultTitle: 'Need help?',
  defaultSubtitle: 'Write to us on the channel you prefer',
  intro: 'Tell us who you are (optional) so we can help you better.',
  name: 'Name',
  email: 'E-mail',
  start: 'Start chat',
  placeholder: 'Write a message…',
  send: 'Send',
  typing: '{name} is typing…',
  someone: 'An agent',
  you: 'You',
  failed: 'Not sent. Tap to retry.',
  offline: 'Reconnecting…',
  error: 'We could not reach the chat. Please try again in a moment.',
  emailInvalid: 'Check the e-mail address',
  download: 'Download {name}',
  attach: 'Attach a file',
  fileTooLarge: 'The file is larger than 10 MB.',
  fileRefused: 'That kind of file cannot be sent.',
  fileFailed: 'The file was not sent.',
  downloadFailed: 'The file could not be downloaded.',
  channels: {
    webchat: 'Live chat',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    facebook: 'Messenger',
    instagram: 'Instagram',
    twitter: 'X',
    email: 'E-mail',
    telephony: 'Call',
    sms: 'SMS',
    website: 'Website',
    inPerson: 'Visit us',
  },
};

export function pickLocale(lang: string | null | undefined): 'es' | 'en' {
  return (lang ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function textsFor(locale: 'es' | 'en'): Texts {
  return locale === 'en' ? en : es;
}
