/**
 * Tabs of the settings dialog (spec section 2). A tab with `feature` shows only while the
 * instance has that feature on (system.config features): Subscription needs billing.
 */
import type { ComponentType, ReactNode } from 'react';
import {
  ApiOutlined,
  BgColorsOutlined,
  ControlOutlined,
  CloudServerOutlined,
  CreditCardOutlined,
  FileSearchOutlined,
  FlagOutlined,
  GlobalOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { AccountTab } from './AccountTab';
import { AppearanceTab } from './AppearanceTab';
import { LanguageTab } from './LanguageTab';
import { LazySubscriptionTab } from '../subscription/lazyTab';
import { LazyMcpServersTab } from './mcp/lazyTab';
import {
  LazyDefaultModelTab,
  LazyModelsTab,
  LazyParsersTab,
  LazyProvidersTab,
  LazySetupGuideTab,
} from './providers/lazyTabs';

export type SettingsTabKey =
  | 'setupGuide'
  | 'account'
  | 'language'
  | 'appearance'
  | 'providers'
  | 'models'
  | 'parsers'
  | 'defaultModel'
  | 'mcpServers'
  | 'subscription';

export interface SettingsTabDef {
  key: SettingsTabKey;
  icon: ReactNode;
  Component: ComponentType;
  /** Shown only while this instance feature is on. */
  feature?: 'subscription';
}

export const SETTINGS_TABS: readonly SettingsTabDef[] = [
  { key: 'setupGuide', icon: <FlagOutlined />, Component: LazySetupGuideTab },
  { key: 'providers', icon: <ApiOutlined />, Component: LazyProvidersTab },
  { key: 'models', icon: <ControlOutlined />, Component: LazyModelsTab },
  { key: 'parsers', icon: <FileSearchOutlined />, Component: LazyParsersTab },
  { key: 'defaultModel', icon: <StarOutlined />, Component: LazyDefaultModelTab },
  { key: 'mcpServers', icon: <CloudServerOutlined />, Component: LazyMcpServersTab },
  { key: 'account', icon: <UserOutlined />, Component: AccountTab },
  {
    key: 'subscription',
    icon: <CreditCardOutlined />,
    Component: LazySubscriptionTab,
    feature: 'subscription',
  },
  { key: 'language', icon: <GlobalOutlined />, Component: LanguageTab },
  { key: 'appearance', icon: <BgColorsOutlined />, Component: AppearanceTab },
];
