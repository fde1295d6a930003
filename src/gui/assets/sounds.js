// turncoat gui — the sounds, made here with WebAudio (no files): a move, a
// conversion (or an apocalypse relocation), a check, a bribe, a collision,
// the game's end, low time. soundName is pure (which sound a new state
// makes: tests/js/sounds.test.mjs); `sounds` lists what was played, muted
// too (window.turncoatSounds, for the browser test).

export const sounds = [];
let audio = null;

function tone(ctx, at, freq, dur, type = 'sine', gain = 0.18) {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, at);
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.001, at + dur);
  o.connect(g).connect(ctx.destination);
  o.start(at);
  o.stop(at + dur + 0.02);
}

const noiseBuffers = new Map(); // duration → its fading noise, made once

function noise(ctx, at, dur, gain = 0.35) {
  let buf = noiseBuffers.get(dur);
  if (!buf) {
    buf = ctx.createBuffer(1, Math.floor(ctx.sampleRate * dur), ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    noiseBuffers.set(dur, buf);
  }
  const src = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const g = ctx.createGain();
  src.buffer = buf;
  filter.type = 'lowpass';
  filter.frequency.value = 900;
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(ctx.destination);
  src.start(at);
}

const SOUNDS = {
  move: (c, t) => {
    noise(c, t, 0.05, 0.5);
    tone(c, t, 220, 0.07, 'triangle', 0.2);
  },
  convert: (c, t) => {
    tone(c, t, 523, 0.12, 'triangle');
    tone(c, t + 0.09, 784, 0.18, 'triangle');
  },
  check: (c, t) => {
    tone(c, t, 880, 0.09, 'square', 0.08);
    tone(c, t + 0.11, 880, 0.12, 'square', 0.08);
  },
  bribe: (c, t) => {
    tone(c, t, 988, 0.08, 'square', 0.07);
    tone(c, t + 0.08, 1319, 0.3, 'square', 0.07);
  },
  collision: (c, t) => {
    noise(c, t, 0.35, 0.6);
    tone(c, t, 90, 0.3, 'sawtooth', 0.12);
  },
  end: (c, t) => {
    [523, 659, 784, 1047].forEach((f, i) => tone(c, t + i * 0.11, f, 0.35, 'triangle', 0.14));
  },
  lowtime: (c, t) => {
    tone(c, t, 1000, 0.08, 'sine', 0.2);
    tone(c, t + 0.15, 1000, 0.08, 'sine', 0.2);
  },
};

/** Plays `name` unless `#sound` is unchecked; remembered in `sounds` either way. */
export function playSound(name) {
  const muted = !document.getElementById('sound').checked;
  sounds.push({ name, muted });
  if (sounds.length > 100) sounds.shift();
  if (muted) return;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    if (audio.state === 'suspended') audio.resume();
    SOUNDS[name](audio, audio.currentTime + 0.01);
  } catch {
    /* no sound here */
  }
}

/** The sound of what changed between two states, or null: the game's end,
 * a check, a bribe, a collision, a conversion (cascade), or a move. */
export function soundName(before, s) {
  if (!before || before.variant !== s.variant || before.start_fen !== s.start_fen) return null;
  const ended = (s.result || s.aborted) && !(before.result || before.aborted);
  const moved = s.moves.length > before.moves.length && s.cursor === s.moves.length;
  if (ended) return 'end';
  if (!moved) return null;
  const last = s.last;
  if (s.check) return 'check';
  if (last && last.move && last.move[0] === '@') return 'bribe';
  if (s.turn && s.turn.collision && s.moves.length % 2 === 0) return 'collision';
  if ((last && last.conversions && last.conversions.length) || (s.turn && s.turn.relocations && s.turn.relocations.length)) return 'convert';
  return 'move';
}

/** Plays the sound of the change from `before` to `s`, if any. */
export function soundFor(before, s) {
  const name = soundName(before, s);
  if (name) playSound(name);
}
