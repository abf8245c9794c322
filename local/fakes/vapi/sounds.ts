// Short sample audio for the voice library's "play a sample" and background sounds: GET /voice/sounds/{name}.mp3.
// Each file is made here, not committed: MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono) whose side information
// says "no audio data", which every MP3 decoder plays as a short silence. Locally a sample only has to play; what a
// voice sounds like is the provider's business.

/** One frame: 144 × 128000 / 44100 = 417 bytes, header FF FB 90 C0 (sync, MPEG-1, Layer III, no CRC, 128k, 44.1 kHz, mono). */
const FRAME_BYTES = 417;
const HEADER = [0xff, 0xfb, 0x90, 0xc0];
/** About a quarter of a second (1152 samples a frame): a few KB. */
export const SAMPLE_FRAMES = 10;

/** A sound's name: letters, digits, dash, underscore and dot (a voice id or a background noise). */
export const SOUND_PATH = /^\/voice\/sounds\/([\w.-]{1,80})\.mp3$/;

export function silentMp3(frames = SAMPLE_FRAMES): Buffer {
  const out = Buffer.alloc(frames * FRAME_BYTES);
  for (let i = 0; i < frames; i++) out.set(HEADER, i * FRAME_BYTES);
  return out;
}
