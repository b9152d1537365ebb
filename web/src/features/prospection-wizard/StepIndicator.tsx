// Where the rep is in the seven steps: numbered circles (names beside them on wider screens); a step
// already reached is a button that jumps to it.
import { nlWizard } from '../../i18n/nlWizard';

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
    <nav aria-label={nlWizard.progress}>
      <ol className="wizard-steps">
        {nlWizard.steps.map((name, i) => {
          const state = i < step ? 'done' : i === step ? 'current' : i <= furthest ? 'visited' : 'todo';
          const jump = i !== step && i <= furthest;
          const content = (
            <>
              <span className="wizard-step-dot" aria-hidden="true">
                {i + 1}
              </span>
              {/* A button's name says where it goes; its content names it, so what is seen and heard agree. */}
              <span className="wizard-step-name" aria-hidden={jump || undefined}>
                {name}
              </span>
              {jump && <span className="visually-hidden">{nlWizard.goToStep(i + 1, name)}</span>}
            </>
          );
          return (
            <li key={name} className={`wizard-step wizard-step-${state}`} aria-current={i === step ? 'step' : undefined}>
              {jump ? (
                <button type="button" className="wizard-step-jump" disabled={disabled} onClick={() => onJump(i)}>
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
