import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatusPageProps {
  code?: string;
  title: string;
  description: string;
  icon?: ReactNode;
  action?: ReactNode;
  fullScreen?: boolean;
  'data-testid'?: string;
}

/** Full-page message (404, 403, 502, maintenance, coming soon). */
export function StatusPage({ code, title, description, icon, action, fullScreen, ...rest }: StatusPageProps) {
  return (
    <Box
      component="section"
      data-testid={rest['data-testid']}
      sx={{
        minHeight: fullScreen ? '100vh' : '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        py: 6,
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      {icon ? <Box sx={{ fontSize: 72, color: 'primary.main', display: 'flex' }}>{icon}</Box> : null}
      {code ? (
        <Typography
          component="p"
          sx={{ fontSize: { xs: 56, sm: 80 }, fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
        >
          {code}
        </Typography>
      ) : null}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', maxWidth: 520 }}>
        {description}
      </Typography>
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
