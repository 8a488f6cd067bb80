import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A list cell with a name and the first two lines of a text under it (templates, messages). `nameDir` keeps
 * identifiers such as Meta's template names left to right inside an RTL page.
 */
export function NameWithPreview({
  name,
  preview,
  nameDir,
  maxWidth = 440,
}: {
  name: string;
  preview: string;
  nameDir?: 'ltr' | 'auto';
  maxWidth?: number;
}) {
  return (
    <Box sx={{ minWidth: 0, maxWidth }}>
      <Typography
        variant="body2"
        component={nameDir ? 'bdi' : 'span'}
        dir={nameDir}
        sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      <Typography
        variant="caption"
        component="p"
        dir="auto"
        sx={{
          color: 'text.secondary',
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
        }}
      >
        {preview}
      </Typography>
    </Box>
  );
}
