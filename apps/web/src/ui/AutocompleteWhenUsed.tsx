import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** What the user did with the stand-in before the real field arrived: the real one carries on from there. */
export interface FieldStart {
  /** The text typed so far ('' when nothing was typed: the shown value is not typed text). */
  text: string;
  /** Whether the stand-in had the focus when the real field replaced it (the real one then takes it). */
  focused: boolean;
  /** Whether the real field opens its list at once: the user clicked to open it, or typed. */
  open: boolean;
}

interface Props<C> {
  /** Loads the real field's module (a dynamic import): first on pointer hover, at the latest on focus. */
  load: () => Promise<C>;
  /** Draws the real field from its loaded module, going on from what the user did. */
  children: (loaded: C, start: FieldStart) => ReactNode;
  /** The text shown while nobody types (the selected option's label), if any. */
  value?: string;
  placeholder: string;
  ariaLabel: string;
  testId: string;
  startAdornment?: ReactNode;
  /** Draws the Autocomplete's popup button, named so, which opens the list once the field arrives. */
  popupButtonLabel?: string;
  /** Enter pressed before the real field arrived, with the typed text. */
  onEnter?: (text: string) => void;
  margin?: 'dense' | 'none';
  sx?: SxProps<Theme>;
  inputSx?: SxProps<Theme>;
}

/**
 * A header or sidebar search that is an MUI Autocomplete once used. Until then it is a text field drawn the same way
 * (a combobox to assistive technology, as the real one is), so the Autocomplete, its hook and its popup (about 8 KB of
 * gzip) stay out of the shell's first screen (docs/performance.md). The first pointer hover starts the download; focus
 * or typing waits for it and swaps the real field in, which keeps the typed text, the focus and the caret, and opens
 * its list when the user clicked or typed. Enter pressed before the swap goes to `onEnter`.
 */
export function AutocompleteWhenUsed<C>(props: Props<C>) {
  const { load, children, value, placeholder, ariaLabel, testId, startAdornment, popupButtonLabel, onEnter } = props;
  const [loaded, setLoaded] = useState<{ module: C; start: FieldStart } | null>(null);
  const [text, setText] = useState('');
  // What the user typed, read when the real field arrives (state would be the render's, not the latest).
  const typed = useRef('');
  const input = useRef<HTMLInputElement>(null);
  const wantsOpen = useRef(false);
  const pending = useRef<Promise<C> | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const fetchModule = () => {
    // A failed download is forgotten, so the next hover or focus tries again; the stand-in stays usable meanwhile.
    pending.current ??= load().catch((error: unknown) => {
      pending.current = null;
      throw error;
    });
    return pending.current;
  };
  const activate = (open: boolean) => {
    wantsOpen.current ||= open;
    fetchModule().then(
      (module) => {
        if (!mounted.current) return;
        const focused = input.current !== null && document.activeElement === input.current;
        const text = typed.current;
        setLoaded({ module, start: { text, focused, open: wantsOpen.current || text !== '' } });
      },
      () => {},
    );
  };

  if (loaded) return children(loaded.module, loaded.start);
  return (
    <TextField
      fullWidth
      size="small"
      margin={props.margin ?? 'none'}
      placeholder={placeholder}
      value={text || value || ''}
      onChange={(event) => {
        typed.current = event.target.value;
        setText(event.target.value);
        activate(true);
      }}
      onPointerEnter={() => void fetchModule().catch(() => {})}
      onFocus={() => activate(false)}
      onMouseDown={() => activate(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onEnter && text.trim()) {
          event.preventDefault();
          onEnter(text.trim());
        }
        if (event.key === 'ArrowDown') activate(true);
      }}
      sx={props.sx}
      slotProps={{
        htmlInput: {
          ref: input,
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
          'aria-label': ariaLabel,
          autoComplete: 'off',
          'data-testid': testId,
        },
        input: {
          // Autocomplete's own spacing (small): the stand-in must not move when the real field replaces it.
          sx: [
            {
              pl: '6px',
              pr: popupButtonLabel ? '9px' : undefined,
              '& .MuiInputBase-input': { pl: '8px', textOverflow: 'ellipsis' },
            },
            ...(Array.isArray(props.inputSx) ? props.inputSx : [props.inputSx]),
          ],
          startAdornment,
          endAdornment: popupButtonLabel ? (
            <InputAdornment position="end" sx={{ ms: 0 }}>
              <IconButton
                size="small"
                aria-label={popupButtonLabel}
                tabIndex={-1}
                onClick={() => {
                  input.current?.focus();
                  activate(true);
                }}
                sx={{ p: '2px' }}
              >
                <ArrowDropDownIcon />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/**
 * The real field's `inputRef` after a swap (`AutocompleteWhenUsed`): gives its input the focus the stand-in had, with
 * the caret after the text the user typed, once.
 */
export function useCarriedFocus(start: FieldStart) {
  const done = useRef(!start.focused);
  return useCallback((element: HTMLInputElement | null) => {
    if (!element || done.current) return;
    done.current = true;
    element.focus();
    const end = element.value.length;
    element.setSelectionRange(end, end);
  }, []);
}
