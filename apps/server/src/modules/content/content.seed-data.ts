import type { Locale } from '@dsm/contract';

/** Demo home banners and notices, in the four languages. The operator edits them afterwards. */

export const SEED_BANNERS: Array<{
  image: string;
  link: string;
  seq: number;
  text: Record<Locale, { title: string; alt: string }>;
}> = [
  {
    image: 'banner-sourcing.svg',
    link: '/goodslist',
    seq: 1,
    text: {
      'en-US': { title: 'Source thousands of products at factory prices', alt: 'Stacked cartons ready to ship' },
      'zh-CN': { title: '以出厂价采购海量商品', alt: '堆叠好的待发货纸箱' },
      'fr-FR': { title: 'Des milliers de produits au prix usine', alt: "Cartons empilés prêts à l'expédition" },
      'tr-TR': { title: 'Binlerce ürünü fabrika fiyatına tedarik edin', alt: 'Gönderime hazır istiflenmiş koliler' },
    },
  },
  {
    image: 'banner-shipping.svg',
    link: '/shippingfee',
    seq: 2,
    text: {
      'en-US': {
        title: 'Ship worldwide from China, US and EU warehouses',
        alt: 'A globe with shipping routes between warehouses',
      },
      'zh-CN': { title: '中国、美国、欧洲仓库发货，送达全球', alt: '标有仓库间运输路线的地球' },
      'fr-FR': {
        title: 'Expédition mondiale depuis nos entrepôts en Chine, aux États-Unis et en Europe',
        alt: "Un globe avec les routes d'expédition entre entrepôts",
      },
      'tr-TR': {
        title: 'Çin, ABD ve AB depolarından dünyanın her yerine gönderim',
        alt: 'Depolar arasındaki gönderim rotalarını gösteren bir dünya',
      },
    },
  },
  {
    image: 'banner-stores.svg',
    link: '/user/shopify',
    seq: 3,
    text: {
      'en-US': { title: 'Connect your Shopify or WooCommerce store in minutes', alt: 'Two shops linked to one parcel' },
      'zh-CN': { title: '几分钟内连接您的 Shopify 或 WooCommerce 店铺', alt: '两家店铺连接到同一个包裹' },
      'fr-FR': {
        title: 'Connectez votre boutique Shopify ou WooCommerce en quelques minutes',
        alt: 'Deux boutiques reliées à un même colis',
      },
      'tr-TR': {
        title: 'Shopify veya WooCommerce mağazanızı dakikalar içinde bağlayın',
        alt: 'Tek bir koliye bağlı iki mağaza',
      },
    },
  },
];

export const SEED_NOTICES: Array<{
  pinned: boolean;
  daysAgo: number;
  text: Record<Locale, { title: string; body: string }>;
}> = [
  {
    pinned: true,
    daysAgo: 10,
    text: {
      'en-US': {
        title: 'Welcome! Start selling in three steps',
        body: '<p>Connect your store, list products from the catalogue with your own prices, and pay for orders from your wallet. We buy, pack and ship each order for you. Read <a href="/howitworks">how it works</a> to get started.</p>',
      },
      'zh-CN': {
        title: '欢迎！三步开始销售',
        body: '<p>连接您的店铺，以您自己的价格从商品库上架商品，并使用钱包支付订单。我们为您完成每笔订单的采购、打包和发货。请阅读<a href="/howitworks">使用指南</a>开始使用。</p>',
      },
      'fr-FR': {
        title: 'Bienvenue ! Commencez à vendre en trois étapes',
        body: '<p>Connectez votre boutique, publiez des produits du catalogue à vos propres prix et payez vos commandes avec votre portefeuille. Nous achetons, emballons et expédions chaque commande pour vous. Lisez <a href="/howitworks">comment ça marche</a> pour démarrer.</p>',
      },
      'tr-TR': {
        title: 'Hoş geldiniz! Üç adımda satışa başlayın',
        body: '<p>Mağazanızı bağlayın, katalogdaki ürünleri kendi fiyatlarınızla listeleyin ve siparişleri cüzdanınızdan ödeyin. Her siparişi sizin için satın alır, paketler ve göndeririz. Başlamak için <a href="/howitworks">nasıl çalışır</a> sayfasını okuyun.</p>',
      },
    },
  },
  {
    pinned: false,
    daysAgo: 3,
    text: {
      'en-US': {
        title: 'Holiday season: order early for on-time delivery',
        body: '<p>Carriers are busier before the holidays and delivery times grow by 3–7 days. Place orders shipping from our China warehouse at least <strong>three weeks</strong> before the date your customers expect them, or choose an express method.</p>',
      },
      'zh-CN': {
        title: '节日旺季：请提前下单以便准时送达',
        body: '<p>节假日前物流繁忙，时效会延长 3–7 天。从中国仓发货的订单请至少提前<strong>三周</strong>下单，或选择快递方式。</p>',
      },
      'fr-FR': {
        title: 'Période des fêtes : commandez tôt pour être livré à temps',
        body: "<p>Les transporteurs sont plus chargés avant les fêtes et les délais s'allongent de 3 à 7 jours. Passez les commandes expédiées depuis notre entrepôt en Chine au moins <strong>trois semaines</strong> avant la date attendue par vos clients, ou choisissez un mode express.</p>",
      },
      'tr-TR': {
        title: 'Tatil sezonu: zamanında teslimat için erken sipariş verin',
        body: '<p>Tatil öncesinde kargo firmalarının yoğunluğu artar ve teslim süreleri 3–7 gün uzar. Çin depomuzdan gönderilecek siparişleri müşterilerinizin beklediği tarihten en az <strong>üç hafta</strong> önce verin veya ekspres bir yöntem seçin.</p>',
      },
    },
  },
  {
    pinned: false,
    daysAgo: 1,
    text: {
      'en-US': {
        title: 'Our EU warehouse in Frankfurt is open',
        body: '<p>Products stocked in the EU warehouse reach customers in Germany, France, Spain, Italy and the Netherlands in 2–7 days. Look for the EU badge on product pages and compare methods in the <a href="/shippingfee">shipping calculator</a>.</p>',
      },
      'zh-CN': {
        title: '法兰克福欧洲仓正式启用',
        body: '<p>欧洲仓备货的商品可在 2–7 天内送达德国、法国、西班牙、意大利和荷兰的客户。请留意商品页面上的欧洲仓标识，并在<a href="/shippingfee">运费计算器</a>中比较物流方式。</p>',
      },
      'fr-FR': {
        title: 'Notre entrepôt européen de Francfort est ouvert',
        body: '<p>Les produits stockés dans l\'entrepôt UE parviennent à vos clients en Allemagne, en France, en Espagne, en Italie et aux Pays-Bas en 2 à 7 jours. Repérez le badge UE sur les fiches produit et comparez les modes de livraison dans le <a href="/shippingfee">calculateur de frais de port</a>.</p>',
      },
      'tr-TR': {
        title: 'Frankfurt AB depomuz açıldı',
        body: '<p>AB deposunda stoklanan ürünler Almanya, Fransa, İspanya, İtalya ve Hollanda’daki müşterilere 2–7 günde ulaşır. Ürün sayfalarındaki AB rozetine bakın ve yöntemleri <a href="/shippingfee">kargo ücreti hesaplayıcısında</a> karşılaştırın.</p>',
      },
    },
  },
];
