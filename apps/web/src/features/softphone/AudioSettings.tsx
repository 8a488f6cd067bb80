import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MicIcon from '@mui/icons-material/Mic';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SoftphoneSettings, updateSoftphoneSettings, useSoftphoneSettings } from './settings';

interface AudioDevices {
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
  /** enumerateDevices exists. */
  listed: boolean;
}

/** Whether the browser can send an audio element to a chosen speaker. */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/** The audio devices, read while `active` and again when one is plugged in or out. */
function useAudioDevices(active: boolean): AudioDevices {
  const [devices, setDevices] = useState<AudioDevices>({ microphones: [], speakers: [], listed: true });
  useEffect(() => {
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!active) return;
    if (!media?.enumerateDevices) {
      setDevices({ microphones: [], speakers: [], listed: false });
      return;
    }
    let live = true;
    const read = () => {
      void media
        .enumerateDevices()
        .then((all) => {
          if (!live) return;
          setDevices({
            // "default" and "communications" are the system's choices, which the first option already stands for.
            microphones: all.filter((d) => d.kind === 'audioinput' && d.deviceId && d.deviceId !== 'default'),
            speakers: all.filter((d) => d.kind === 'audiooutput' && d.deviceId && d.deviceId !== 'default'),
            listed: true,
          });
        })
        .catch(() => undefined);
    };
    read();
    media.addEventListener?.('devicechange', read);
    return () => {
      live = false;
      media.removeEventListener?.('devicechange', read);
    };
  }, [active]);
  return devices;
}

function DeviceSelect({
  label,
  value,
  devices,
  unnamed,
  onChange,
}: {
  label: string;
  value: string;
  devices: MediaDeviceInfo[];
  unnamed: (index: number) => string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const known = value === '' || devices.some((device) => device.deviceId === value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('softphone.settings.default')}</option>
      {devices.map((device, index) => (
        <option key={device.deviceId} value={device.deviceId}>
          {device.label || unnamed(index + 1)}
        </option>
      ))}
    </TextField>
  );
}

function VolumeSlider({
  label,
  icon,
  value,
  onChange,
  testId,
}: {
  label: string;
  icon: ReactNode;
  value: number;
  onChange: (value: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 0.5 }}>
        {icon}
        <Slider
          size="small"
          min={0}
          max={100}
          value={value}
          valueLabelDisplay="auto"
          aria-labelledby={id}
          onChange={(_, next) => onChange(Array.isArray(next) ? next[0] : next)}
          data-testid={testId}
        />
      </Box>
    </Box>
  );
}

/** Microphone and speaker, and their volumes (remembered in this browser: settings.ts). */
export function AudioSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = useSoftphoneSettings();
  const devices = useAudioDevices(open);
  const speakerChoice = canChooseSpeaker();
  const update = (patch: Partial<SoftphoneSettings>) => updateSoftphoneSettings(patch);
  const regionId = useId();

  return (
    <Box>
      <Button
        size="small"
        color="inherit"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={regionId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        data-testid="softphone-settings-toggle"
      >
        {t('softphone.settings.toggle')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={regionId} sx={{ display: 'grid', gap: 1.5, pt: 1.5 }} data-testid="softphone-settings">
          {devices.listed ? null : (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('softphone.settings.noDevices')}
            </Typography>
          )}
          <DeviceSelect
            label={t('softphone.settings.microphone')}
            value={settings.microphoneId}
            devices={devices.microphones}
            unnamed={(index) => t('softphone.settings.unnamedMicrophone', { index })}
            onChange={(microphoneId) => update({ microphoneId })}
          />
          {speakerChoice ? (
            <DeviceSelect
              label={t('softphone.settings.speaker')}
              value={settings.speakerId}
              devices={devices.speakers}
              unnamed={(index) => t('softphone.settings.unnamedSpeaker', { index })}
              onChange={(speakerId) => update({ speakerId })}
            />
          ) : (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('softphone.settings.speakerUnsupported')}
            </Typography>
          )}
          <VolumeSlider
            label={t('softphone.settings.speakerVolume')}
            icon={<VolumeUpIcon fontSize="small" />}
            value={settings.speakerVolume}
            onChange={(speakerVolume) => update({ speakerVolume })}
            testId="softphone-speaker-volume"
          />
          <VolumeSlider
            label={t('softphone.settings.microphoneVolume')}
            icon={<MicIcon fontSize="small" />}
            value={settings.microphoneVolume}
            onChange={(microphoneVolume) => update({ microphoneVolume })}
            testId="softphone-microphone-volume"
          />
        </Box>
      </Collapse>
    </Box>
  );
}
