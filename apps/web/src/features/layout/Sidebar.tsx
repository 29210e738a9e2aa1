/** The signed-in sidebar: primary screens, then settings, help, tour, logout and the user. */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Dropdown, Layout, Menu, Tooltip } from 'antd';
import {
  CompassOutlined,
  GiftOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  FileProtectOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { APP_VERSION } from '../../app/version';
import { Logo } from '../../components/Logo';
import { useUiStore } from '../../stores/uiStore';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import { useCurrentUser } from '../settings/useUserSettings';
import { visibleNav } from './navItems';

const RecentCanvases = lazy(() =>
  import('../canvas/RecentCanvases').then((m) => ({ default: m.RecentCanvases })),
);

interface SiderButtonProps {
  collapsed: boolean;
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  testId: string;
  tour?: string;
}

function SiderButton({ collapsed, icon, label, onClick, testId, tour }: SiderButtonProps) {
  return (
    <Tooltip title={collapsed ? label : null} placement="right">
      <Button
        type="text"
        block
        className="app-sider__button"
        icon={icon}
        onClick={onClick}
        data-testid={testId}
        data-tour={tour}
        aria-label={label}
      >
        {collapsed ? null : label}
      </Button>
    </Tooltip>
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(false);
  const { openSettings, setHighlightsOpen, setTourOpen } = useUiStore.getState();
  const confirmLogout = useLogoutConfirm();
  const nav = visibleNav();
  const selected = nav.find((i) =>
    i.path === '/' ? location.pathname === '/' : location.pathname.startsWith(i.path),
  );

  const helpItems = [
    {
      key: 'highlights',
      icon: <GiftOutlined />,
      label: t('nav.featureHighlights'),
      onClick: () => setHighlightsOpen(true),
    },
    {
      key: 'privacy',
      icon: <SafetyOutlined />,
      label: t('legal.privacyTitle'),
      onClick: () => void navigate('/privacy'),
    },
    {
      key: 'terms',
      icon: <FileProtectOutlined />,
      label: t('legal.termsTitle'),
      onClick: () => void navigate('/terms'),
    },
    { type: 'divider' as const },
    { key: 'version', label: t('nav.version', { version: APP_VERSION }), disabled: true },
  ];

  const startTour = () => {
    if (location.pathname !== '/') void navigate('/');
    setTourOpen(true);
  };

  const displayName = user.nickname ?? user.name ?? user.email ?? '';
  const secondLine = displayName === user.email ? null : user.email;

  return (
    <Layout.Sider
      className="app-sider"
      width={232}
      collapsedWidth={64}
      collapsed={collapsed}
      theme="light"
      data-testid="sidebar"
    >
      <div className="app-sider__inner">
        <div className="app-sider__top">
          {collapsed ? null : <Logo />}
          <Button
            type="text"
            size="small"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          />
        </div>
        <Menu
          className="app-sider__menu"
          mode="inline"
          selectedKeys={selected ? [selected.key] : []}
          items={nav.map((item) => ({
            key: item.key,
            icon: item.icon,
            label: t(`nav.${item.key}`),
            onClick: () => void navigate(item.path),
          }))}
          data-tour="nav"
        />
        {collapsed ? null : (
          <Suspense fallback={null}>
            <RecentCanvases />
          </Suspense>
        )}
        <div className="app-sider__bottom">
          <SiderButton
            collapsed={collapsed}
            icon={<SettingOutlined />}
            label={t('nav.settings')}
            onClick={() => openSettings('account')}
            testId="nav-settings"
            tour="settings"
          />
          <Dropdown menu={{ items: helpItems }} placement="topLeft" trigger={['click']}>
            <div>
              <SiderButton
                collapsed={collapsed}
                icon={<QuestionCircleOutlined />}
                label={t('nav.help')}
                testId="nav-help"
                tour="help"
              />
            </div>
          </Dropdown>
          <SiderButton
            collapsed={collapsed}
            icon={<CompassOutlined />}
            label={t('nav.tour')}
            onClick={startTour}
            testId="nav-tour"
          />
          <SiderButton
            collapsed={collapsed}
            icon={<LogoutOutlined />}
            label={t('nav.logout')}
            onClick={confirmLogout}
            testId="nav-logout"
          />
          <Tooltip title={collapsed ? displayName : null} placement="right">
            <button
              type="button"
              className="app-sider__user"
              onClick={() => openSettings('account')}
              data-testid="sidebar-user"
            >
              <Avatar size={32} src={user.avatar ?? undefined} icon={<UserOutlined />} />
              {collapsed ? null : (
                <span className="app-sider__user-text">
                  <strong>{displayName}</strong>
                  {secondLine ? <span>{secondLine}</span> : null}
                </span>
              )}
            </button>
          </Tooltip>
        </div>
      </div>
    </Layout.Sider>
  );
}
