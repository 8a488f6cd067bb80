import AddIcon from '@mui/icons-material/Add';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../queries';

const ACTIONS = [
  { key: 'addTicket', path: '/app/tickets/add', permission: 'agregar-caso', icon: ConfirmationNumberIcon },
  { key: 'addCustomer', path: '/app/customers/add', permission: 'agregar-cliente', icon: PersonAddIcon },
] as const;

/** Quick-action speed dial; each action needs its permission, and the dial hides when none is allowed. */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const actions = ACTIONS.filter((action) => can(action.permission));
  if (actions.length === 0) return null;
  return (
    <Box sx={{ position: 'relative', width: 44, height: 40, mx: 0.5 }}>
      <SpeedDial
        ariaLabel={t('header.quickActions')}
        direction="down"
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        icon={<SpeedDialIcon icon={<AddIcon />} />}
        FabProps={{ size: 'small', color: 'default', 'data-testid': 'header-quick-actions' } as object}
        sx={{ position: 'absolute', top: 0, insetInlineStart: 0 }}
      >
        {actions.map((action) => {
          const Icon = action.icon;
          return (
            <SpeedDialAction
              key={action.key}
              icon={<Icon />}
              onClick={() => {
                setOpen(false);
                navigate(action.path);
              }}
              slotProps={{
                tooltip: { title: t(`header.${action.key}`), placement: 'left' },
                fab: {
                  'data-testid': `quick-action-${action.key === 'addTicket' ? 'add-ticket' : 'add-customer'}`,
                } as object,
              }}
            />
          );
        })}
      </SpeedDial>
    </Box>
  );
}
