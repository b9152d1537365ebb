// The wizard's business rules (spec §4, §5) as plain functions: contact confirmation, automatic
// to-dos, step guards, the new to-do check and the one body that is sent.
import type { ErrorCode, ProspectionSubmission } from '@prospectie/contract';
import { TODO_STATUS } from '@prospectie/contract/todo-status';
import { ApiError } from '../../api/client';
import { apiErrors } from '../../i18n/nlErrors';
import { nlWizard } from '../../i18n/nlWizard';
import { isBlank, textOrNull } from '@prospectie/contract/blank';
import { brusselsToday } from '@prospectie/contract/dates';
import {
  CONTACT_FIELDS,
  contactKey,
  selloutValue,
  type AutoTodoEdit,
  type ContactField,
  type ContactFields,
  type WizardValues,
} from './form';
import { choicesWithoutReason, pipelineSubmission } from './pipelineChoices';

export const STEP = { info: 0, brandmix: 1, general: 2, fc70: 3, interests: 4, feedback: 5, followUp: 6 } as const;
export const STEP_COUNT = nlWizard.steps.length;
/** Pseudo-step past the last one: sending the visit. */
export const SEND = STEP_COUNT;

export const TODO_TYPE = { newContact: 1, newBrands: 2, brandInterests: 3, manual: 4 } as const;

// --- contact confirmation ---

/** Owner (1) and buyer (2) are known to the shop: their info is loaded and must be confirmed. */
export function requiresContactConfirmation(contactTypeId: number): boolean {
  return contactTypeId === 1 || contactTypeId === 2;
}

/** Lookup code of the shop's contact info for a contact type that loads it (spec §9). */
export function contactInfoCode(contactTypeId: number): 5 | 6 | undefined {
  return contactTypeId === 1 ? 5 : contactTypeId === 2 ? 6 : undefined;
}

/**
 * The contact part of the form after choosing a contact type: types 1 and 2 show the loaded info,
 * unconfirmed; types 3 and 4 clear it and need no confirmation.
 */
export function contactForType(contactTypeId: number, loaded: ContactFields | null) {
  const shown = requiresContactConfirmation(contactTypeId) ? loaded : null;
  return {
    contactTypeId,
    contactName: shown?.name ?? '',
    contactEmail: shown?.email ?? '',
    contactPhone: shown?.phone ?? '',
    confirmed: { name: false, email: false, phone: false },
    loadedContact: shown,
  } satisfies Partial<WizardValues>;
}

/** Typing text confirms a field; clearing it unconfirms it. */
export function confirmedAfterTyping(text: string): boolean {
  return !isBlank(text);
}

/** Contact fields the rep typed: non-blank and different from what the shop already knew. */
export function typedContactFields(values: WizardValues): ContactField[] {
  return CONTACT_FIELDS.filter((field) => {
    const value = values[contactKey[field]].trim();
    return value !== '' && value !== (values.loadedContact?.[field] ?? '').trim();
  });
}

/** Contact fields that still need a tick or new text before the rep may leave Info. */
export function missingContactConfirmations(values: WizardValues): ContactField[] {
  if (!requiresContactConfirmation(values.contactTypeId)) return [];
  return CONTACT_FIELDS.filter((field) => !values.confirmed[field]);
}

// --- automatic to-dos (spec §4) ---

export interface GeneratedTodo {
  toDoTypeId: 1 | 2 | 3;
  name: string;
  remarks: string;
}

/**
 * The automatic to-dos the form calls for right now. Each line of type 1 names the shop (`shopName`, when known)
 * and the contact it is about, so the colleague who gets it can act on it.
 */
export function autoTodos(values: WizardValues, shopName = ''): GeneratedTodo[] {
  const result: GeneratedTodo[] = [];
  const typed = typedContactFields(values);
  if (typed.length > 0) {
    const contact = values.contactName.trim() || values.loadedContact?.name.trim() || '';
    result.push({
      toDoTypeId: TODO_TYPE.newContact,
      name: nlWizard.autoTodoNames[1],
      remarks: typed
        .map((field) =>
          nlWizard.contactLine(shopName.trim(), contact, `${nlWizard.contactLines[field]}: ${values[contactKey[field]].trim()}`),
        )
        .join('\n'),
    });
  }
  if (!isBlank(values.newBrands)) {
    result.push({ toDoTypeId: TODO_TYPE.newBrands, name: nlWizard.autoTodoNames[2], remarks: values.newBrands.trim() });
  }
  if (values.brandInterests.length > 0) {
    result.push({
      toDoTypeId: TODO_TYPE.brandInterests,
      name: nlWizard.autoTodoNames[3],
      remarks: values.brandInterests.map((i) => (isBlank(i.remark) ? i.brandName : `${i.brandName}: ${i.remark.trim()}`)).join('\n'),
    });
  }
  return result;
}

const signature = (todo: GeneratedTodo) => `${todo.name}\n${todo.remarks}`;
const liveEdit = (todo: GeneratedTodo, edit: AutoTodoEdit | undefined) => (edit && edit.basis === signature(todo) ? edit : undefined);

export interface FollowUpTodo {
  /** `auto-{type}` or `manual-{key}`. */
  key: string;
  toDoTypeId: number;
  name: string;
  remarks: string;
  employeeIds: number[];
  automatic: boolean;
}

/**
 * The to-dos listed on Opvolging: automatic ones with the rep's edits, then the manual ones. An
 * automatic to-do starts assigned to `self`, the rep herself, so it never lands in nobody's list.
 */
export function followUpTodos(values: WizardValues, self?: number | null, shopName = ''): FollowUpTodo[] {
  const automatic = autoTodos(values, shopName).flatMap((todo): FollowUpTodo[] => {
    const stored = values.autoTodoEdits[todo.toDoTypeId];
    const edit = liveEdit(todo, stored);
    if (edit?.removed) return [];
    return [
      {
        key: `auto-${todo.toDoTypeId}`,
        toDoTypeId: todo.toDoTypeId,
        name: edit?.name ?? todo.name,
        remarks: edit?.remarks ?? todo.remarks,
        employeeIds: stored?.employeeIds ?? (self ? [self] : []),
        automatic: true,
      },
    ];
  });
  const manual = values.manualTodos.map((todo) => ({
    key: `manual-${todo.key}`,
    toDoTypeId: TODO_TYPE.manual,
    name: todo.name,
    remarks: todo.remarks,
    employeeIds: todo.employeeIds,
    automatic: false,
  }));
  return [...automatic, ...manual];
}

export type TodoChange = Partial<Pick<FollowUpTodo, 'name' | 'remarks' | 'employeeIds'>> | { removed: true };

/** The form's to-do values after renaming, re-describing, re-assigning or removing one listed to-do. */
export function changeTodo(
  values: WizardValues,
  key: string,
  change: TodoChange,
  self?: number | null,
  shopName = '',
): Pick<WizardValues, 'manualTodos' | 'autoTodoEdits'> {
  const { manualTodos, autoTodoEdits } = values;
  if (key.startsWith('manual-')) {
    const manualKey = key.slice('manual-'.length);
    return {
      autoTodoEdits,
      manualTodos:
        'removed' in change
          ? manualTodos.filter((t) => t.key !== manualKey)
          : manualTodos.map((t) => (t.key === manualKey ? { ...t, ...change } : t)),
    };
  }
  const todo = autoTodos(values, shopName).find((t) => `auto-${t.toDoTypeId}` === key);
  if (!todo) return { manualTodos, autoTodoEdits };
  const stored = autoTodoEdits[todo.toDoTypeId];
  const base: AutoTodoEdit = liveEdit(todo, stored) ?? { basis: signature(todo), employeeIds: stored?.employeeIds ?? (self ? [self] : []) };
  return { manualTodos, autoTodoEdits: { ...autoTodoEdits, [todo.toDoTypeId]: { ...base, ...change } } };
}

// --- the visit date ---

const dayNumber = (isoDate: string) => Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10)) / 86_400_000;
/** Beyond this many days back a visit date is asked about: a typo is likelier than a late report. */
export const OLD_VISIT_DAYS = 30;

/** What is off with a visit date, seen from `today` in Belgium: blank, after today, or more than 30 days back. */
export function visitDateProblem(visitDate: string, today: string): 'blank' | 'future' | 'old' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(visitDate)) return 'blank';
  if (visitDate > today) return 'future';
  if (dayNumber(today) - dayNumber(visitDate) > OLD_VISIT_DAYS) return 'old';
  return null;
}

// --- step guards (spec §4, §5) ---

export interface GuardFailure {
  /** The step the rep is sent back to. */
  step: number;
  message: string;
  /** Form fields to mark as missing. */
  fields: FieldName[];
  /** Set when the rep may go on after confirming (an old visit date), rather than after a change. */
  confirm?: 'oldDate';
}
type FieldName = 'visitDate' | 'contactName' | 'contactEmail' | 'contactPhone' | 'trends' | 'extra' | `pipeline.${number}.reason`;

export interface GuardContext {
  /** Today in Belgium (YYYY-MM-DD). */
  today?: string;
  /** An old visit date the rep confirmed as right. */
  confirmedDate?: string | null;
  /** The rep's own employee id, the default assignee of automatic to-dos. */
  self?: number | null;
  /** The visit's shop, named in the automatic to-dos. */
  shopName?: string;
}

/** Why the rep may not go on to `target` (a step index, or SEND), or null when they may. Each check sits on the step that holds its field. */
export function guardFor(values: WizardValues, target: number, context: GuardContext = {}): GuardFailure | null {
  if (target > STEP.info) {
    const unconfirmed = missingContactConfirmations(values);
    if (unconfirmed.length > 0) {
      return { step: STEP.info, message: nlWizard.contactMissing, fields: unconfirmed.map((field) => contactKey[field]) };
    }
    const date = visitDateProblem(values.visitDate, context.today ?? brusselsToday());
    if (date === 'blank') return { step: STEP.info, message: nlWizard.requiredMissing, fields: ['visitDate'] };
    if (date === 'future') return { step: STEP.info, message: nlWizard.dateInFuture, fields: ['visitDate'] };
    if (date === 'old' && context.confirmedDate !== values.visitDate) {
      return {
        step: STEP.info,
        message: nlWizard.oldDateQuestion(values.visitDate.split('-').reverse().join('/')),
        fields: [],
        confirm: 'oldDate',
      };
    }
  }
  if (target > STEP.feedback) {
    const blank = (['trends', 'extra'] as const).filter((field) => isBlank(values[field]));
    if (blank.length > 0) return { step: STEP.feedback, message: nlWizard.requiredMissing, fields: [...blank] };
  }
  if (target >= SEND) {
    const todos = followUpTodos(values, context.self, context.shopName);
    if (todos.some((t) => isBlank(t.name))) return { step: STEP.followUp, message: nlWizard.requiredMissing, fields: [] };
    if (todos.some((t) => t.employeeIds.length === 0)) return { step: STEP.followUp, message: nlWizard.noAssignee, fields: [] };
    const withoutReason = choicesWithoutReason(values);
    if (withoutReason.length > 0) {
      return { step: STEP.followUp, message: nlWizard.reasonMissing, fields: withoutReason.map((i) => `pipeline.${i}.reason` as const) };
    }
  }
  return null;
}

// --- the new to-do modal (spec §4, §5) ---

export interface NewTodoInput {
  name: string;
  remarks: string;
  employeeIds: number[];
}

/** 'Vul alle velden in.' unless title, description and at least one assignee are given. */
export function newTodoProblem(input: NewTodoInput): string | null {
  return isBlank(input.name) || isBlank(input.remarks) || input.employeeIds.length === 0 ? nlWizard.fillAll : null;
}

// --- the one call ---

/** The whole visit as POST /api/shops/:id/prospections takes it; `self` and `shopName` as for followUpTodos. */
export function buildSubmission(values: WizardValues, self?: number | null, shopName = ''): ProspectionSubmission {
  return {
    visitDate: values.visitDate,
    visitTypeId: values.visitTypeId,
    contactTypeId: values.contactTypeId,
    contactName: textOrNull(values.contactName),
    contactEmail: textOrNull(values.contactEmail),
    contactPhone: textOrNull(values.contactPhone),
    visitContext: textOrNull(values.visitContext),
    newBrands: textOrNull(values.newBrands),
    bestBrands: textOrNull(values.bestBrands),
    worstBrands: textOrNull(values.worstBrands),
    terminatedBrands: textOrNull(values.terminatedBrands),
    terminatedBrandIds: values.terminatedBrandIds,
    trends: textOrNull(values.trends),
    extra: textOrNull(values.extra),
    brands: values.brands.map((b) => ({
      brandId: b.brandId,
      sellout: selloutValue(b.sellout),
      selloutRemark: textOrNull(b.selloutRemark),
    })),
    competitorBrandIds: values.competitorBrandIds,
    brandInterests: values.brandInterests.map((i) => ({ brandId: i.brandId, remark: textOrNull(i.remark) })),
    todos: followUpTodos(values, self, shopName).map((t) => ({
      name: t.name.trim(),
      remarks: textOrNull(t.remarks),
      toDoTypeId: t.toDoTypeId,
      toDoStatusId: TODO_STATUS.open,
      employeeIds: t.employeeIds,
    })),
    pipeline: pipelineSubmission(values),
  };
}

/** Spec §8: what the server said when it is about the user (no employee, not signed in), a plain word offline, else the general one. */
const ABOUT_THE_USER = new Set<ErrorCode>(['no_employee', 'not_signed_in', 'unknown_user']);
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return nlWizard.offline;
  if (error instanceof ApiError && error.code && ABOUT_THE_USER.has(error.code)) return apiErrors[error.code];
  return nlWizard.submitFailed;
}
