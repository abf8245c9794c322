// The chat's own words in a few languages; `automatic` uses the browser language.
const WORDS = {
  en: { placeholder: 'Type your message…', send: 'Send', close: 'Close chat', typing: 'Typing…', sources: 'Sources', team: 'Team member', human: 'A team member is in this chat', handoffButton: 'Talk to a human', handoffSent: 'We have let the team know. Someone will reply here.', notDelivered: 'Not delivered', leadTitle: 'Before we start, how can we reach you?', leadLater: 'Can we have your contact details?', leadName: 'Name', leadEmail: 'E-mail', leadPhone: 'Phone', leadSubmit: 'Continue', leadSkip: 'Not now', leadThanks: 'Thank you! We have your details.' },
  es: { placeholder: 'Escribe tu mensaje…', send: 'Enviar', close: 'Cerrar chat', typing: 'Escribiendo…', sources: 'Fuentes', team: 'Equipo', human: 'Una persona del equipo está en este chat', handoffButton: 'Hablar con una persona', handoffSent: 'Hemos avisado al equipo. Alguien responderá aquí.', notDelivered: 'No entregado', leadTitle: 'Antes de empezar, ¿cómo podemos contactarte?', leadLater: '¿Nos dejas tus datos de contacto?', leadName: 'Nombre', leadEmail: 'Correo electrónico', leadPhone: 'Teléfono', leadSubmit: 'Continuar', leadSkip: 'Ahora no', leadThanks: '¡Gracias! Tenemos tus datos.' },
  fr: { placeholder: 'Écrivez votre message…', send: 'Envoyer', close: 'Fermer le chat', typing: 'En train d’écrire…', sources: 'Sources', team: 'Équipe', human: 'Un membre de l’équipe est dans ce chat', handoffButton: 'Parler à un humain', handoffSent: 'L’équipe est prévenue. Quelqu’un répondra ici.', notDelivered: 'Non envoyé', leadTitle: 'Avant de commencer, comment vous joindre ?', leadLater: 'Pouvez-vous nous laisser vos coordonnées ?', leadName: 'Nom', leadEmail: 'E-mail', leadPhone: 'Téléphone', leadSubmit: 'Continuer', leadSkip: 'Plus tard', leadThanks: 'Merci ! Nous avons vos coordonnées.' },
  de: { placeholder: 'Nachricht eingeben…', send: 'Senden', close: 'Chat schließen', typing: 'Schreibt…', sources: 'Quellen', team: 'Team', human: 'Ein Teammitglied ist im Chat', handoffButton: 'Mit einem Menschen sprechen', handoffSent: 'Das Team ist informiert und antwortet hier.', notDelivered: 'Nicht zugestellt', leadTitle: 'Bevor es losgeht: Wie erreichen wir Sie?', leadLater: 'Dürfen wir Ihre Kontaktdaten haben?', leadName: 'Name', leadEmail: 'E-Mail', leadPhone: 'Telefon', leadSubmit: 'Weiter', leadSkip: 'Nicht jetzt', leadThanks: 'Danke! Wir haben Ihre Daten.' },
  pt: { placeholder: 'Escreva a sua mensagem…', send: 'Enviar', close: 'Fechar chat', typing: 'A escrever…', sources: 'Fontes', team: 'Equipa', human: 'Um membro da equipa está neste chat', handoffButton: 'Falar com uma pessoa', handoffSent: 'Avisámos a equipa. Alguém responderá aqui.', notDelivered: 'Não entregue', leadTitle: 'Antes de começar, como podemos contactá-lo?', leadLater: 'Pode deixar-nos os seus contactos?', leadName: 'Nome', leadEmail: 'E-mail', leadPhone: 'Telefone', leadSubmit: 'Continuar', leadSkip: 'Agora não', leadThanks: 'Obrigado! Temos os seus dados.' },
} as const;
export type Words = { [K in keyof (typeof WORDS)['en']]: string };

/** The language code to use: the agent's, or the browser's when the agent says automatic. */
export function resolveLang(agentLang: unknown, browserLang: string): string {
  return typeof agentLang === 'string' && agentLang && agentLang !== 'automatic' ? agentLang : browserLang || 'en';
}

export function wordsFor(lang: string): Words {
  const base = lang.toLowerCase().split(/[-_]/)[0] as keyof typeof WORDS;
  return WORDS[base] ?? WORDS.en;
}
