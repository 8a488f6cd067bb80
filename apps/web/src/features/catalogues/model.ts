import {
  CATALOGUE_MODELS,
  CATALOGUE_TRAITS,
  type CatalogueEntry,
  type CatalogueEntryBody,
  type CatalogueModel,
} from '@atiende/contracts';

export function asCatalogueModel(value: string | undefined): CatalogueModel | null {
  return (CATALOGUE_MODELS as readonly string[]).includes(value ?? '') ? (value as CatalogueModel) : null;
}

export interface CatalogueFormState {
  name: string;
  abbr: string;
  description: string;
  enabled: boolean;
  parentId: number | '';
  color: string;
  kanban: boolean;
  sortOrder: string;
}

export const EMPTY_CATALOGUE_FORM: CatalogueFormState = {
  name: '',
  abbr: '',
  description: '',
  enabled: true,
  parentId: '',
  color: '#1976d2',
  kanban: false,
  sortOrder: '0',
};

export function entryToForm(entry: CatalogueEntry): CatalogueFormState {
  return {
    name: entry.name,
    abbr: entry.abbr ?? '',
    description: entry.description ?? '',
    enabled: entry.enabled,
    parentId: entry.parentId ?? '',
    color: entry.color ?? EMPTY_CATALOGUE_FORM.color,
    kanban: entry.kanban ?? false,
    sortOrder: String(entry.sortOrder ?? 0),
  };
}

/** The body for the model: the parent only for models with one, colour/kanban/order only for labels. */
export function formToCatalogueBody(model: CatalogueModel, state: CatalogueFormState): CatalogueEntryBody {
  const traits = CATALOGUE_TRAITS[model];
  const body: CatalogueEntryBody = {
    name: state.name,
    abbr: state.abbr,
    description: state.description,
    enabled: state.enabled,
  };
  if (traits.parent) body.parentId = state.parentId === '' ? null : state.parentId;
  if (traits.label) {
    body.color = state.color;
    body.kanban = state.kanban;
    body.sortOrder = state.sortOrder.trim() === '' ? null : Number(state.sortOrder);
  }
  return body;
}
