// Where the rep is in the seven steps: numbered circles (names beside them on wider screens); a step
// already reached is a button that jumps to it.
import { nl } from '../../i18n/nl';

export function StepIndicator({
  step,
  furthest,
  onJump,
  disabled = false,
}: {
  step: number;
  /** The furthest step reached: every step up to it can be jumped to. */
  furthest: number;
  onJump: (step: number) => void;
  disabled?: boolean;
}) {
  return (
    <nav aria-label={nl.wizard.progress}>
      <ol className="wizard-steps">
        {nl.wizard.steps.map((name, i) => {
          const state = i < step ? 'done' : i === step ? 'current' : i <= furthest ? 'visited' : 'todo';
          const content = (
            <>
              <span className="wizard-step-dot" aria-hidden="true">
                {i + 1}
              </span>
              <span className="wizard-step-name">{name}</span>
            </>
          );
          return (
            <li key={name} className={`wizard-step wizard-step-${state}`} aria-current={i === step ? 'step' : undefined}>
              {i !== step && i <= furthest ? (
                <button type="button" className="wizard-step-jump" aria-label={nl.wizard.goToStep(i + 1, name)} disabled={disabled} onClick={() => onJump(i)}>
                  {content}
                </button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
