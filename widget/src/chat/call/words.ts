// The call panel's words (all but the button's and the failure sentence, which the chat carries): they load with the
// voice chunk, so the chat's first load does not grow with them.
const CALL_WORDS = {
  en: { callConnecting: 'Connecting…', callLive: 'On a call', callEnded: 'Call ended', mute: 'Mute', unmute: 'Unmute', hangUp: 'Hang up', callLine: 'Say something', callSay: 'Say', callMic: 'Your microphone is blocked. Allow it in your browser to talk to us, or write below.' },
  es: { callConnecting: 'Conectando…', callLive: 'En llamada', callEnded: 'Llamada finalizada', mute: 'Silenciar', unmute: 'Activar micrófono', hangUp: 'Colgar', callLine: 'Di algo', callSay: 'Decir', callMic: 'Tu micrófono está bloqueado. Permítelo en el navegador para hablar con nosotros, o escribe abajo.' },
  fr: { callConnecting: 'Connexion…', callLive: 'En appel', callEnded: 'Appel terminé', mute: 'Couper le micro', unmute: 'Rétablir le micro', hangUp: 'Raccrocher', callLine: 'Dites quelque chose', callSay: 'Dire', callMic: 'Votre micro est bloqué. Autorisez-le dans le navigateur pour nous parler, ou écrivez ci-dessous.' },
  de: { callConnecting: 'Verbinden…', callLive: 'Im Gespräch', callEnded: 'Anruf beendet', mute: 'Stummschalten', unmute: 'Mikrofon an', hangUp: 'Auflegen', callLine: 'Sagen Sie etwas', callSay: 'Sagen', callMic: 'Ihr Mikrofon ist blockiert. Erlauben Sie es im Browser, um mit uns zu sprechen, oder schreiben Sie unten.' },
  pt: { callConnecting: 'A ligar…', callLive: 'Em chamada', callEnded: 'Chamada terminada', mute: 'Silenciar', unmute: 'Ativar microfone', hangUp: 'Desligar', callLine: 'Diga algo', callSay: 'Dizer', callMic: 'O seu microfone está bloqueado. Permita-o no navegador para falar connosco, ou escreva abaixo.' },
} as const;
export type CallWords = { [K in keyof (typeof CALL_WORDS)['en']]: string };

export function callWordsFor(lang: string): CallWords {
  const base = lang.toLowerCase().split(/[-_]/)[0] as keyof typeof CALL_WORDS;
  return CALL_WORDS[base] ?? CALL_WORDS.en;
}
