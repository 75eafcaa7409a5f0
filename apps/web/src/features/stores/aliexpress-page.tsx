import { StoreList } from './store-list-page';

/** /user/aliexpress (SPEC §2): the caller's AliExpress stores and the button to connect one. */
export default function AliexpressPage() {
  return <StoreList platform="aliexpress" />;
}
