import type { THelpDevice, THelpSectionKey, TLanguage } from '@wl/schemas';

/**
 * The help centre's first texts (docs/0109), written into a merchant's `help_sections` when it is
 * created (and once for merchants created before migration 0052); the content role edits them in
 * the console from then on. `{name}` is the merchant's name. Plain text: an empty line separates
 * paragraphs, "- " starts a list item, "## " a subheading (schemas ZHelpSection).
 */
export type THelpDefault = { section: THelpSectionKey; language: TLanguage; device: THelpDevice; title: string; body: string };

const EN: Record<THelpSectionKey, { title: string; body: string }> = {
  about: {
    title: 'About us',
    body: `{name} is an online games and lottery site made for players in Bangladesh. You play slots, live casino, sports, lottery, fish, card games and more from one account and one wallet, in Bangla or English.

## What we stand for
- Clear rules: every game shows how it pays, and our own games can be checked round by round.
- Your money is yours: deposits and withdrawals go through bKash, Nagad, Rocket and bank transfer, and every movement shows in your account records.
- Help when you need it: customer service answers every day from the link in the side menu.

## Who may play
You must be 18 or older and allowed to play where you live. One account per person.`,
  },
  news: {
    title: 'News',
    body: `## New: help centre in Bangla and English
Everything you need to start — how to sign up, deposit, play and withdraw — is now in one place, on this page.

## Play limits in your member centre
Set your own deposit, loss and play-time limits, or take a break, under "Responsible gaming" in the member centre. A lower limit applies at once.

## More slot games
Fifteen slot vendors are now on the site, with new games added every week. Look for them under Slots.`,
  },
  guide: {
    title: 'Beginner guide',
    body: `New here? These five steps take you from signing up to your first withdrawal.

## 1. Open an account
Tap Register at the top of the page. Choose a user name and a password with both letters and numbers, accept the terms and confirm that you are 18 or older.

## 2. Add money
Open Deposit, pick bKash, Nagad, Rocket or bank transfer, enter the amount and follow the steps shown. The money shows in your balance once the payment is confirmed.

## 3. Choose a game
Browse the categories in the menu. Most games have Free trial: try them without money before you play for real.

## 4. Play and keep track
Your balance is always at the top of the page. Betting record and account record in the member centre list every bet and every payment.

## 5. Withdraw your winnings
Open Withdraw, add a payout account in your own name and enter the amount. You will be asked to confirm when the money arrives.

If anything is unclear, open Customer service from the side menu.`,
  },
  install: {
    title: 'Installation guide',
    body: `You can play in any browser. An app puts {name} one tap away and keeps you signed in.

## iPhone and iPad
- Hover over App download in the side menu and scan the iOS code with your phone's camera.
- Open the link and follow the steps to install.

## Android
- Scan the Android code under App download in the side menu.
- Allow the download when your phone asks, then open the file to install.

## Lite app (no download)
In the App download panel, choose Install the lite app: the site is added to your phone or computer like an app and opens in its own window.`,
  },
  responsible: {
    title: 'Responsible gaming',
    body: `Play for fun, not to make money. Decide before you start how much time and money you will spend, and stop when you reach it.

## Tools in your member centre
- Deposit limits per day, week and month.
- Loss and stake limits, and a limit on how long one session lasts.
- Reality checks that remind you how long you have played.
- A time-out of a day up to six weeks, or self-exclusion for six months or more.

A lower limit applies at once; a higher one only after a waiting time.

## Signs to watch for
- Chasing losses, or borrowing money to play.
- Playing longer than you meant to, or hiding it from family.
- Feeling restless or low when you are not playing.

If you see these signs, take a break now and talk to someone you trust. Customer service can close your account on request. Players under 18 are not allowed.`,
  },
};

const BN: Record<THelpSectionKey, { title: string; body: string }> = {
  about: {
    title: 'আমাদের সম্পর্কে',
    body: `{name} বাংলাদেশের খেলোয়াড়দের জন্য তৈরি একটি অনলাইন গেম ও লটারি সাইট। একটি অ্যাকাউন্ট আর একটি ওয়ালেট থেকেই স্লট, লাইভ ক্যাসিনো, স্পোর্টস, লটারি, ফিশ, কার্ড গেম আর আরও অনেক কিছু খেলুন — বাংলায় বা ইংরেজিতে।

## আমরা যা মেনে চলি
- স্পষ্ট নিয়ম: প্রতিটি গেম দেখায় কীভাবে জেতা টাকা দেয়, আর আমাদের নিজস্ব গেমের প্রতিটি রাউন্ড যাচাই করা যায়।
- আপনার টাকা আপনারই: জমা ও উত্তোলন হয় বিকাশ, নগদ, রকেট আর ব্যাংক ট্রান্সফারে, আর প্রতিটি লেনদেন আপনার অ্যাকাউন্টের রেকর্ডে দেখা যায়।
- দরকারে সাহায্য: সাইড মেনুর লিংক থেকে গ্রাহক সেবা প্রতিদিন উত্তর দেয়।

## কে খেলতে পারবেন
আপনার বয়স ১৮ বা তার বেশি হতে হবে এবং আপনার এলাকায় খেলার অনুমতি থাকতে হবে। একজনের একটিই অ্যাকাউন্ট।`,
  },
  news: {
    title: 'খবর',
    body: `## নতুন: বাংলা ও ইংরেজিতে সহায়তা কেন্দ্র
শুরু করতে যা যা লাগে — নিবন্ধন, জমা, খেলা আর উত্তোলন — সবকিছু এখন এক জায়গায়, এই পাতায়।

## সদস্য কেন্দ্রে খেলার সীমা
সদস্য কেন্দ্রের "দায়িত্বশীল খেলা" অংশে নিজের জমা, ক্ষতি আর খেলার সময়ের সীমা ঠিক করুন, অথবা বিরতি নিন। কম সীমা সঙ্গে সঙ্গে কার্যকর হয়।

## আরও স্লট গেম
সাইটে এখন পনেরোটি স্লট প্রদানকারী আছে, প্রতি সপ্তাহে নতুন গেম যোগ হচ্ছে। স্লট অংশে খুঁজে দেখুন।`,
  },
  guide: {
    title: 'নতুনদের নির্দেশিকা',
    body: `নতুন এসেছেন? এই পাঁচটি ধাপে নিবন্ধন থেকে প্রথম উত্তোলন পর্যন্ত পৌঁছে যাবেন।

## ১. অ্যাকাউন্ট খুলুন
পাতার উপরে নিবন্ধন চাপুন। একটি ব্যবহারকারীর নাম আর অক্ষর ও সংখ্যা দুটোই আছে এমন একটি পাসওয়ার্ড বেছে নিন, শর্তাবলী মেনে নিন এবং নিশ্চিত করুন যে আপনার বয়স ১৮ বা তার বেশি।

## ২. টাকা জমা দিন
জমা খুলুন, বিকাশ, নগদ, রকেট বা ব্যাংক ট্রান্সফার বেছে নিন, পরিমাণ লিখে দেখানো ধাপগুলো অনুসরণ করুন। পেমেন্ট নিশ্চিত হলে টাকা আপনার ব্যালেন্সে দেখা যাবে।

## ৩. একটি গেম বেছে নিন
মেনুর বিভাগগুলো ঘুরে দেখুন। বেশিরভাগ গেমে ফ্রি ট্রায়াল আছে: আসল টাকায় খেলার আগে বিনা টাকায় চেষ্টা করুন।

## ৪. খেলুন আর হিসাব রাখুন
আপনার ব্যালেন্স সবসময় পাতার উপরে থাকে। সদস্য কেন্দ্রের বেটিং রেকর্ড আর অ্যাকাউন্ট রেকর্ডে প্রতিটি বাজি আর প্রতিটি লেনদেন থাকে।

## ৫. জেতা টাকা তুলুন
উত্তোলন খুলুন, নিজের নামে একটি পেমেন্ট অ্যাকাউন্ট যোগ করুন আর পরিমাণ লিখুন। টাকা পৌঁছালে আপনাকে নিশ্চিত করতে বলা হবে।

কিছু বুঝতে না পারলে সাইড মেনু থেকে গ্রাহক সেবা খুলুন।`,
  },
  install: {
    title: 'ইনস্টলেশন নির্দেশিকা',
    body: `যেকোনো ব্রাউজারে খেলা যায়। অ্যাপ থাকলে {name} এক ট্যাপ দূরে থাকে আর আপনি সাইন ইন থাকেন।

## আইফোন ও আইপ্যাড
- সাইড মেনুর অ্যাপ ডাউনলোডের উপর মাউস রাখুন আর ফোনের ক্যামেরা দিয়ে আইওএস কোডটি স্ক্যান করুন।
- লিংকটি খুলে ইনস্টলের ধাপগুলো অনুসরণ করুন।

## অ্যান্ড্রয়েড
- সাইড মেনুর অ্যাপ ডাউনলোডে অ্যান্ড্রয়েড কোডটি স্ক্যান করুন।
- ফোন জানতে চাইলে ডাউনলোডের অনুমতি দিন, তারপর ফাইলটি খুলে ইনস্টল করুন।

## লাইট অ্যাপ (ডাউনলোড ছাড়া)
অ্যাপ ডাউনলোড প্যানেলে লাইট অ্যাপ ইনস্টল বেছে নিন: সাইটটি আপনার ফোন বা কম্পিউটারে অ্যাপের মতো যোগ হয় আর নিজের উইন্ডোতে খোলে।`,
  },
  responsible: {
    title: 'দায়িত্বশীল খেলা',
    body: `আনন্দের জন্য খেলুন, টাকা কামানোর জন্য নয়। শুরু করার আগেই ঠিক করুন কতটা সময় আর কত টাকা খরচ করবেন, আর সেখানে পৌঁছালে থেমে যান।

## সদস্য কেন্দ্রে যা পাবেন
- দিন, সপ্তাহ আর মাস অনুযায়ী জমার সীমা।
- ক্ষতি আর বাজির সীমা, আর এক বসায় কতক্ষণ খেলবেন তার সীমা।
- কতক্ষণ খেলেছেন তা মনে করিয়ে দেওয়ার বাস্তবতা যাচাই।
- এক দিন থেকে ছয় সপ্তাহের বিরতি, অথবা ছয় মাস বা তার বেশি সময়ের জন্য স্ব-বর্জন।

কম সীমা সঙ্গে সঙ্গে কার্যকর হয়; বেশি সীমা কার্যকর হয় অপেক্ষার সময় পার হলে।

## যে লক্ষণগুলো খেয়াল রাখবেন
- হারানো টাকা ফেরত পেতে আরও খেলা, বা খেলার জন্য টাকা ধার করা।
- যতক্ষণ ভেবেছিলেন তার চেয়ে বেশি খেলা, বা পরিবারের কাছে লুকানো।
- না খেললে অস্থির বা মন খারাপ লাগা।

এই লক্ষণ দেখলে এখনই বিরতি নিন আর বিশ্বাসের কারও সঙ্গে কথা বলুন। অনুরোধ করলে গ্রাহক সেবা আপনার অ্যাকাউন্ট বন্ধ করে দিতে পারে। ১৮ বছরের কম বয়সীরা খেলতে পারবেন না।`,
  },
};

/** A phone's own installation guide (the side menu is a drawer there, and the QR codes are for another phone). */
const MOBILE_INSTALL: Record<TLanguage, { title: string; body: string }> = {
  en: {
    title: 'Installation guide',
    body: `On your phone you can add {name} to your home screen in a few taps.

## Lite app (quickest)
- Open the menu at the top left and tap App download.
- Tap Install the lite app and confirm: {name} opens from your home screen in its own window.

## iPhone (Safari)
- Tap the Share button, then Add to Home Screen.

## Android (Chrome)
- Tap the menu with three dots, then Install app or Add to Home screen.`,
  },
  bn: {
    title: 'ইনস্টলেশন নির্দেশিকা',
    body: `ফোনে কয়েকটি ট্যাপেই {name} আপনার হোম স্ক্রিনে যোগ করতে পারেন।

## লাইট অ্যাপ (সবচেয়ে সহজ)
- উপরে বাঁ দিকের মেনু খুলে অ্যাপ ডাউনলোড চাপুন।
- লাইট অ্যাপ ইনস্টল চেপে নিশ্চিত করুন: {name} হোম স্ক্রিন থেকে নিজের উইন্ডোতে খুলবে।

## আইফোন (সাফারি)
- শেয়ার বোতাম চাপুন, তারপর হোম স্ক্রিনে যোগ করুন।

## অ্যান্ড্রয়েড (ক্রোম)
- তিন বিন্দুর মেনু চাপুন, তারপর অ্যাপ ইনস্টল করুন বা হোম স্ক্রিনে যোগ করুন।`,
  },
};

/** Every seeded text of a merchant named `name`: each section in EN and BN for WEB, and the phones' installation guide. */
export function helpDefaults(name: string): THelpDefault[] {
  const fill = (text: string) => text.replaceAll('{name}', name);
  const rows: THelpDefault[] = [];
  for (const [language, texts] of [
    ['en', EN],
    ['bn', BN],
  ] as const) {
    for (const [section, t] of Object.entries(texts) as [THelpSectionKey, { title: string; body: string }][]) {
      rows.push({ section, language, device: 'WEB', title: fill(t.title), body: fill(t.body) });
    }
    rows.push({ section: 'install', language, device: 'MOBILE', title: fill(MOBILE_INSTALL[language].title), body: fill(MOBILE_INSTALL[language].body) });
  }
  return rows;
}
