import type { ReactElement } from 'react';
import {
  ArrowLeft,
  ArrowLeftRight,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Compass,
  Megaphone,
  Menu,
  Wrench,
  X,
  BadgePercent,
  Check,
  Copy,
  Eye,
  EyeOff,
  Moon,
  RefreshCw,
  Sun,
  Bird,
  BookOpen,
  Briefcase,
  Cherry,
  Circle,
  Clock,
  CirclePlay,
  CircleQuestionMark,
  Crown,
  Dices,
  Fish,
  Gamepad2,
  Gift,
  Globe,
  Handshake,
  Headphones,
  Heart,
  History,
  Info,
  MessageSquareText,
  ReceiptText,
  FileText,
  House,
  Landmark,
  Lock,
  LogOut,
  Mail,
  MessagesSquare,
  Recycle,
  Rocket,
  ScrollText,
  Smartphone,
  Spade,
  SunMoon,
  Target,
  Ticket,
  TrendingUp,
  Trophy,
  User,
  Users,
  Video,
  Volleyball,
  Wallet,
  WalletCards,
  Send,
  type LucideIcon,
} from 'lucide-react';

/**
 * The SVG icons (lucide-react, tree-shaken: only these ship) for the icon names the ScreenConfig
 * carries and the header's own buttons; unknown names get a neutral circle. A chunk of its own,
 * loaded right after the app starts (icons.tsx), so that its ~6 KB stay out of the first load.
 */
const ICONS: Record<string, LucideIcon> = {
  home: House, deposit: Wallet, withdraw: Landmark, promotions: Gift, promotion: Gift, invite: Handshake, referral: Handshake, share: Handshake,
  reward: Trophy, rewards: Trophy, rebate: Recycle, vip: Crown, record: ScrollText, bet: Target, account: User, profile: User,
  profit: TrendingUp, message: Mail, messages: Mail, language: Globe, app: Smartphone, download: Smartphone, service: Headphones,
  customerservice: Headphones, livechat: MessagesSquare, logout: LogOut, theme: SunMoon, help: CircleQuestionMark, security: Lock, transfer: ArrowLeftRight, mission: Target,
  live: Video, rng: Cherry, slot: Cherry, sports: Volleyball, esports: Gamepad2, lott: Ticket, lottery: Ticket, elott: Dices, pvp: Spade,
  fish: Fish, cockfight: Bird, crash: Rocket, agent: Briefcase, facebook: Users, youtube: CirclePlay,
  // Member centre pages (docs/rules/content.md#c-3) and help links, by the names the config gives them.
  depositv2: Wallet, securitycenter: Lock, transferfund: WalletCards, transferupline: Send, transactionhistory: ReceiptText,
  personalhistorycopy: History, personalprofit: TrendingUp, bonusdetails: BadgePercent, rewardcenter: Trophy, missionleaderboard: Target,
  messagev2: Mail, manualrebate: Recycle, 'account-record': ReceiptText, 'deposit-record': Wallet, support: Headphones, feedback: MessageSquareText,
  about: Info, guide: BookOpen, terms: FileText,
  // The account game lists (docs/rules/games.md#g-11 /favorite, /recent).
  favorite: Heart, recent: Clock,
  // The header's buttons.
  eye: Eye, eyeoff: EyeOff, refresh: RefreshCw, sun: Sun, moon: Moon, copy: Copy, check: Check, crown: Crown, spade: Spade,
  // The shell's own controls, the home menu's and the status pages' pictures.
  menu: Menu, close: X, back: ArrowLeft, collapse: ChevronsLeft, expand: ChevronsRight, notice: Megaphone, trophy: Trophy,
  // Home's game carousels.
  prev: ChevronLeft, next: ChevronRight,
  notfound: Compass, maintenance: Wrench, blocked: Globe, fav: Heart, mxwin: Cherry, games: Dices,
};

/** The SVG for an icon name; `filled` paints its inside too (a favourite that is on). */
export function glyph(name: string, size: number, filled = false): ReactElement {
  const Icon = ICONS[name] ?? ICONS[name.toLowerCase()] ?? Circle;
  return <Icon size={size} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />;
}
