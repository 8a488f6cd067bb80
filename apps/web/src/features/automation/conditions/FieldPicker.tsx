import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { entityLabelKey, FIELD_ENTITIES, type FieldEntity, fieldEntity, fieldLabelKey, staticFieldsOf } from './labels';
import { type ConditionFormField, formFieldName } from './model';

interface FieldChoice {
  field: string;
  entity: FieldEntity;
  /** The field's own name (under its entity's heading in the list). */
  label: string;
  /** Entity and name, as the chosen field reads in the input. */
  fullLabel: string;
}

/** The fields in the picker's order: by entity, the campaign's form fields last. */
function useFieldChoices(
  formFields: readonly ConditionFormField[],
  fieldFilter?: (field: string) => boolean,
): FieldChoice[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const choice = (field: string, entity: FieldEntity, label: string): FieldChoice => ({
      field,
      entity,
      label,
      fullLabel: `${t(entityLabelKey(entity))} · ${label}`,
    });
    const all = FIELD_ENTITIES.flatMap((entity) =>
      entity === 'form'
        ? formFields.map((item) => choice(formFieldName(item.key), entity, item.label))
        : staticFieldsOf(entity).map((field) => choice(field, entity, t(fieldLabelKey(field)))),
    );
    return fieldFilter ? all.filter((item) => fieldFilter(item.field)) : all;
  }, [formFields, fieldFilter, t]);
}

/** The condition's field, searchable, grouped by what it belongs to (ticket, latest message, customer...). */
export function FieldPicker({
  value,
  formFields,
  fieldFilter,
  onChange,
  error,
  testId,
}: {
  value: string;
  formFields: readonly ConditionFormField[];
  /** Only the fields this accepts are offered (a saved field it refuses stays shown, as an unknown one). */
  fieldFilter?: (field: string) => boolean;
  onChange: (field: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const choices = useFieldChoices(formFields, fieldFilter);
  const known = choices.find((choice) => choice.field === value);
  // A form field the campaign's form no longer has (or another campaign's) stays shown, by its key.
  const selected: FieldChoice = known ?? {
    field: value,
    entity: fieldEntity(value),
    label: t('automation.builder.unknownField', { field: value }),
    fullLabel: t('automation.builder.unknownField', { field: value }),
  };
  const options = known ? choices : [...choices, selected];
  const entityLabel = (entity: FieldEntity) => t(entityLabelKey(entity));
  return (
    <Autocomplete
      size="small"
      disableClearable
      options={options}
      value={selected}
      onChange={(_, choice) => onChange(choice.field)}
      groupBy={(choice) => entityLabel(choice.entity)}
      getOptionLabel={(choice) => choice.fullLabel}
      isOptionEqualToValue={(choice, current) => choice.field === current.field}
      noOptionsText={t('automation.builder.noOptions')}
      renderOption={(props, choice) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-field={choice.field}>
            {choice.label}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={t('automation.builder.field')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
