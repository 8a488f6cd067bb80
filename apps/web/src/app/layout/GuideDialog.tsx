import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINKS, supportMailto } from '../links';

const STEPS = ['campaign', 'status', 'pending', 'ticket'] as const;

/** Four-step guided tour; Done closes it and resets to the first step. */
export function GuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const last = active === STEPS.length - 1;
  const close = () => {
    setActive(0);
    onClose();
  };
  const step = STEPS[active];
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      data-testid="guide-dialog"
      aria-labelledby="guide-title"
    >
      <DialogTitle id="guide-title">{t('guide.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((key) => (
            <Step key={key}>
              <StepLabel>{t(`guide.steps.${key}.label`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="h6" component="h3" data-testid="guide-step" data-step={active + 1}>
          {t(`guide.steps.${step}.title`)}
        </Typography>
        <Typography variant="body1" sx={{ mt: 1, color: 'text.secondary' }}>
          {t(`guide.steps.${step}.text`)}
        </Typography>
        {last ? (
          <Typography variant="body2" sx={{ mt: 2 }}>
            <Link href={LINKS.userManual} target="_blank" rel="noopener noreferrer" data-testid="guide-manuals">
              {t('guide.manuals')}
            </Link>
            {' · '}
            <Link href={supportMailto} data-testid="guide-support">
              {t('guide.support')}
            </Link>
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button disabled={active === 0} onClick={() => setActive((a) => a - 1)} data-testid="guide-back">
          {t('common.back')}
        </Button>
        {last ? (
          <Button variant="contained" onClick={close} data-testid="guide-done">
            {t('common.done')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setActive((a) => a + 1)} data-testid="guide-next">
            {t('common.next')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
