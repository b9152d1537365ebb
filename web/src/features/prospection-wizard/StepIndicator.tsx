// Where the rep is in the seven steps: numbered dots (names beside them on wider screens).
import { nl } from '../../i18n/nl';

export function StepIndicator({ step }: { step: number }) {
  return (
    <nav aria-label={nl.wizard.progress}>
      <ol className="wizard-steps">
        {nl.wizard.steps.map((name, i) => {
          const state = i < step ? 'done' : i === step ? 'current' : 'todo';
          return (
            <li key={name} className={`wizard-step wizard-step-${state}`} aria-current={i === step ? 'step' : undefined}>
              <span className="wizard-step-dot" aria-hidden="true">
                {i + 1}
              </span>
              <span className="wizard-step-name">{name}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
