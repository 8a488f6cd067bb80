import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { integrationItems } from '../../app/menu';
import { useBusiness, usePermissions } from '../../app/queries';
import { PageLoader } from '../../ui/PageLoader';
import { NotFoundPage } from './NotFoundPage';

/** Unknown /app paths: a business integration (`/app/{ruta}`) the user may open, or the 404 page. */
export function AppFallbackPage() {
  const { pathname } = useLocation();
  const { data: business, isLoading } = useBusiness();
  const { roles } = usePermissions();
  if (isLoading) return <PageLoader />;
  const path = pathname.replace(/\/+$/, '');
  const integration = (business?.integraciones ?? []).find(
    (candidate) =>
      integrationItems([candidate], roles).length > 0 && `/app/${candidate.ruta.replace(/^\/+/, '')}` === path,
  );
  if (!integration) return <NotFoundPage />;
  return (
    <Box
      component="iframe"
      title={integration.nombre}
      src={integration.url}
      data-testid="integration-frame"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      referrerPolicy="no-referrer"
      sx={{ border: 0, width: '100%', height: 'calc(100vh - 112px)', display: 'block', bgcolor: 'background.paper' }}
    />
  );
}
