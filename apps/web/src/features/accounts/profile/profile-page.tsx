import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MyAgentCard } from '../../../components/sourcing/agent-card';
import { MyAgentThread } from '../../../components/sourcing/agent-thread';
import { AddressList } from './address-list';
import { ProfileInfo } from './profile-info';
import './profile.css';

const TABS = ['info', 'consignee', 'billing'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

/**
 * /user/profile (SPEC §2 "Account"): registration info, address management (consignees) and
 * bill address. The open tab is in the address (?tab=…), so a link or the back button opens it.
 */
export default function ProfilePage() {
  const { t } = useTranslation('accounts');
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'info';

  return (
    <div className="profile-page">
      <h1>{t('profile.title')}</h1>
      {/* Who handles my sourcing requests (decision 0134): the account area shows the agent's card. */}
      <MyAgentCard />
      {/* Their thread with the agent (decision 0137): read and answer what the agent wrote. */}
      <MyAgentThread />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'info' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'info', label: t('profile.tab-info'), children: <ProfileInfo /> },
          { key: 'consignee', label: t('profile.tab-consignee'), children: <AddressList kind="consignee" /> },
          { key: 'billing', label: t('profile.tab-billing'), children: <AddressList kind="billing" /> },
        ]}
      />
    </div>
  );
}
