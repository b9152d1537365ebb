import { nl } from '../../i18n/nl';

export function WizardPage() {
  return <h1 className="h3">{nl.wizard.title}</h1>;
}
