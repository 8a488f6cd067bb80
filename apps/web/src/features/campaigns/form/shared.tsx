import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CampaignFormState } from '../model';

export type Errors = Record<string, string>;
export type Setter = (change: (state: CampaignFormState) => CampaignFormState) => void;

export function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: -0.25, mb: 1 }}>
      {children}
    </Typography>
  );
}

export function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/** What every tab of the campaign form receives. */
export interface TabProps {
  state: CampaignFormState;
  set: Setter;
  errors: Errors;
}
