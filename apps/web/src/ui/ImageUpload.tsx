import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, IMAGE_ACCEPT } from './image';

interface ImageUploadProps {
  /** The current image URL. */
  src: string | null | undefined;
  alt: string;
  /** Uploads the checked file (multipart, field `file`); resolves true on success. */
  onUpload: (file: File) => Promise<boolean>;
  disabled?: boolean;
  /** `avatar` shows a round picture, `logo` a wide one. */
  variant?: 'avatar' | 'logo';
  testId?: string;
  label?: string;
}

/** Image picker (PNG, JPEG, WebP up to 2 MiB) with an instant preview and upload. */
export function ImageUpload({ src, alt, onUpload, disabled, variant = 'avatar', testId, label }: ImageUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    setBusy(true);
    const ok = await onUpload(file);
    setBusy(false);
    if (!ok) setPreview(null);
  };

  const shown = preview ?? src ?? undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {variant === 'avatar' ? (
        <Avatar src={shown} alt={alt} sx={{ width: 88, height: 88, fontSize: 36 }} data-testid="image-preview">
          {alt.slice(0, 1).toUpperCase()}
        </Avatar>
      ) : (
        <Box
          sx={{
            width: 200,
            height: 80,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt={alt}
              data-testid="image-preview"
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
            />
          ) : (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('upload.none')}
            </Typography>
          )}
        </Box>
      )}
      <Box>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          disabled={disabled || busy}
          data-testid={testId}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          size="small"
          disabled={disabled || busy}
          startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
        >
          {label ?? t('upload.choose')}
        </Button>
        <Typography variant="caption" component="p" sx={{ color: error ? 'error.main' : 'text.secondary', mt: 0.5 }}>
          {error ?? t('upload.hint')}
        </Typography>
      </Box>
    </Box>
  );
}
