import {
  nextProgress,
  nextStep,
  PROGRESS_START,
  PROGRESS_TICK_MS,
  STEP_TICK_MS,
} from '@domain/quotes/thank-you';
import { useEffect, useState } from 'react';

/** The cosmetic progress of spec 1, section 9: 25, +5..20 every 3 s up to 90; a step every 45 s up to 3. */
export function useSimulatedProgress() {
  const [progress, setProgress] = useState(PROGRESS_START);
  const [step, setStep] = useState(1);
  useEffect(() => {
    const progressTimer = window.setInterval(
      () => setProgress((p) => nextProgress(p, Math.random())),
      PROGRESS_TICK_MS,
    );
    const stepTimer = window.setInterval(() => setStep((s) => nextStep(s)), STEP_TICK_MS);
    return () => {
      window.clearInterval(progressTimer);
      window.clearInterval(stepTimer);
    };
  }, []);
  return { progress, step };
}
