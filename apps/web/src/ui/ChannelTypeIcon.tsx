import type { ChannelTypeKey } from '@atiende/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import ChatIcon from '@mui/icons-material/Chat';
import DialpadIcon from '@mui/icons-material/Dialpad';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import PhoneIcon from '@mui/icons-material/Phone';
import SmsIcon from '@mui/icons-material/Sms';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import type { SvgIconProps } from '@mui/material/SvgIcon';

export const CHANNEL_TYPE_ICONS: Record<ChannelTypeKey, SvgIconComponent> = {
  telephony: PhoneIcon,
  ussd: DialpadIcon,
  sms: SmsIcon,
  email: EmailIcon,
  twitter: XIcon,
  facebook: FacebookIcon,
  whatsapp: WhatsAppIcon,
  website: LanguageIcon,
  webchat: ChatIcon,
  instagram: InstagramIcon,
  inPerson: StorefrontIcon,
  telegram: TelegramIcon,
};

export function ChannelTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = CHANNEL_TYPE_ICONS[type as ChannelTypeKey] ?? ChatIcon;
  return <Icon {...props} />;
}
