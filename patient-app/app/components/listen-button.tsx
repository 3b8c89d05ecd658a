import { useEffect, useRef, useState } from 'react';
import type { ShareTexts } from '../utils/share-texts';

/**
 * "Listen": the text read aloud by the browser's own speech synthesis (no server, no download), in
 * a Hindi (hi-IN) or Indian English (en-IN) voice, with play/pause and stop. Rendered only once
 * the browser has named a voice for the language: without one (or without JavaScript) there is
 * no button that would do nothing.
 */
const WANTED = { hi: 'hi-in', en: 'en-in' } as const;

export function pickVoice(voices: SpeechSynthesisVoice[], lang: 'en' | 'hi'): SpeechSynthesisVoice | null {
  const norm = (v: SpeechSynthesisVoice) => v.lang.replace('_', '-').toLowerCase();
  // The Indian voice first; another voice of the same language only when there is none.
  return (
    voices.find((v) => norm(v) === WANTED[lang]) ?? voices.find((v) => norm(v).split('-')[0] === lang) ?? null
  );
}

/** Sentences, so a long text is spoken in parts (some browsers stop a single long utterance). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?।])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function ListenButton({
  text,
  lang,
  t,
  label,
}: {
  text: string;
  lang: 'en' | 'hi';
  t: ShareTexts;
  label: string;
}) {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  const [state, setState] = useState<'idle' | 'playing' | 'paused'>('idle');
  const spoken = useRef(0);

  useEffect(() => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth) return;
    const pick = () => setVoice(pickVoice(synth.getVoices(), lang));
    pick();
    synth.addEventListener('voiceschanged', pick);
    return () => {
      synth.removeEventListener('voiceschanged', pick);
      synth.cancel();
    };
  }, [lang]);

  if (!voice) return null;
  const synth = window.speechSynthesis;

  const play = () => {
    synth.cancel();
    const parts = sentences(text);
    const run = ++spoken.current;
    parts.forEach((part, i) => {
      const u = new SpeechSynthesisUtterance(part);
      u.voice = voice;
      u.lang = voice.lang;
      if (i === parts.length - 1) u.onend = () => spoken.current === run && setState('idle');
      synth.speak(u);
    });
    setState('playing');
  };
  const toggle = () => {
    if (state === 'idle') play();
    else if (state === 'playing') {
      synth.pause();
      setState('paused');
    } else {
      synth.resume();
      setState('playing');
    }
  };
  const stop = () => {
    spoken.current++;
    synth.cancel();
    setState('idle');
  };

  return (
    <span className="listen" data-listen-state={state}>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={toggle}
        aria-label={`${state === 'playing' ? t.pause : state === 'paused' ? t.resume : t.listen}: ${label}`}
      >
        <span aria-hidden="true">{state === 'playing' ? '❚❚ ' : '▶ '}</span>
        {state === 'playing' ? t.pause : state === 'paused' ? t.resume : t.listen}
      </button>
      {state !== 'idle' ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={stop}>
          {t.stop}
        </button>
      ) : null}
    </span>
  );
}
