import { h2, p, ul } from './html.ts';

export interface BlogArticleSeed {
  title: string;
  category: string;
  tags: string[];
  excerpt: string;
  /** HTML. */
  body: string;
}

/** Blog categories (`/blog/{category}`). */
type BlogCategory = 'destinations' | 'riding-tips' | 'gear' | 'horse-care' | 'planning' | 'stories';

const article = (
  title: string,
  category: BlogCategory,
  tags: string[],
  excerpt: string,
  ...body: string[]
): BlogArticleSeed => ({ title, category, tags, excerpt, body: body.join('\n') });

/** Hand-written posts; destination posts are composed from the catalogue (see blog.ts). */
export const BLOG_ARTICLES: BlogArticleSeed[] = [
  article(
    'Your first multi-day ride: how to prepare your body',
    'riding-tips',
    ['beginners', 'fitness'],
    'Six hours a day in the saddle asks more of your legs and back than an hour in the arena. A few weeks of preparation make all the difference.',
    p(
      'Most riders who sign up for their first trail ride have ridden before, but usually for an hour at a time. A multi-day tour is different: you may spend five or six hours in the saddle, day after day, and muscles you never noticed will let you know about it by the evening of day two.',
      'The good news is that a little preparation goes a long way. Start six to eight weeks before departure and you will enjoy the landscape instead of counting the kilometres to the next camp.',
    ),
    h2('Ride as often as you can'),
    p(
      'Nothing prepares you for riding like riding. Book a lesson or a hack once or twice a week, and ask the instructor for longer sessions towards the end. If you can, ride out of the arena: uneven ground, hills and the odd puddle are what you will meet on the trail.',
    ),
    h2('Build the muscles that hold you in the saddle'),
    ul(
      'Squats and wall sits for the thighs that carry your weight in a rising trot.',
      'Planks and side planks for a stable core that protects your lower back.',
      'Hip openers and adductor stretches: the saddle keeps your hips open for hours.',
      'Brisk walks or cycling for general stamina; many tours include stretches on foot leading the horse.',
    ),
    p(
      'On the tour itself, stretch in the evening, drink plenty of water and do not be shy to walk for a while beside your horse: guides are used to it, and your knees will thank you.',
    ),
  ),
  article(
    'Rising trot, two-point and canter: the three skills that matter on the trail',
    'riding-tips',
    ['skills', 'beginners'],
    'You do not need to jump fences to enjoy a riding holiday, but three basic skills decide how comfortable your days will be.',
    p(
      'Tour descriptions speak of walk, trot and canter, and riders tend to worry most about the canter. In practice, the skill that decides how you feel at the end of a long day is the humble rising trot.',
    ),
    h2('Rising trot'),
    p(
      'Trotting in the open can last several minutes. Sitting it out is tiring for you and for the horse; rising with the rhythm spares both backs. Practise until you can rise without pulling on the reins and change diagonals without thinking.',
    ),
    h2('Two-point seat'),
    p(
      'Lifting your seat slightly out of the saddle, weight in the heels, is how you ride up steep slopes and canter across open ground. It frees the horse’s back and keeps you balanced when the ground is uneven. Hold it for a minute in your lessons, then two.',
    ),
    h2('A controlled canter'),
    p(
      'On most moderate tours you will canter in a line, one horse behind the other. What matters is not speed but control: keeping your distance, staying in balance and being able to bring the horse back to a trot when the guide asks. Tell your guide honestly how confident you feel; they will give you the right horse and a place in the line that suits you.',
    ),
  ),
  article(
    'Riding in the mountains: going up and down steep slopes',
    'riding-tips',
    ['mountains', 'safety', 'skills'],
    'Mountain trails are the highlight of many riding tours. Here is how to help your horse on the way up and stay safe on the way down.',
    p(
      'Mountain horses are remarkably sure-footed; your job is mostly to stay out of their way. Still, a few habits make steep sections easier for both of you.',
    ),
    h2('Going up'),
    p(
      'Lean forward, lift your seat slightly and hold the mane or the neck strap rather than the reins. Give the horse its head so that it can use its neck for balance, and let it choose the line. Horses often zigzag up a slope: trust them.',
    ),
    h2('Going down'),
    p(
      'Sit upright, keep your weight in your heels and your legs slightly forward. Keep a light contact without pulling; a horse that cannot see its feet will hesitate. On very steep or loose ground the guide will ask you to dismount and lead: walk beside the horse’s shoulder, never directly in front of it.',
    ),
    p(
      'Above all, keep your distance from the horse in front. On a narrow path, a horse that stops suddenly should not find another horse’s nose in its tail.',
    ),
  ),
  article(
    'How to cross a river on horseback',
    'riding-tips',
    ['rivers', 'safety', 'skills'],
    'Splashing through a river is one of the great joys of a riding expedition. Done right, it is also perfectly safe.',
    p(
      'From the glacial rivers of Iceland to the shallow fords of the Mongolian steppe, water crossings are part of many riding routes. Your guide chooses the crossing point and the moment; what you do in the saddle matters too.',
    ),
    ul(
      'Loosen your feet in the stirrups so that you could free them quickly, and take your phone out of your trouser pocket.',
      'Look at the opposite bank, not at the water: watching the current makes you dizzy and pulls you off balance.',
      'Keep the horse moving steadily and do not let it stop to drink or paw at the water; horses sometimes like to roll in it.',
      'Follow the line of the horse in front; the guide has picked the shallowest path.',
      'Lean slightly forward as the horse climbs out on the other side.',
    ),
    p(
      'In deep or fast water, guides may cross first with the pack horses and come back for the group, or unload the saddlebags to keep your sleeping bag dry. Waterproof bags inside the saddlebags are always a good idea.',
    ),
  ),
  article(
    'Western or English saddle? What to expect abroad',
    'riding-tips',
    ['saddles', 'skills', 'gear'],
    'Riding styles change from one country to the next. A short guide to the saddles and habits you may meet on your travels.',
    p(
      'If you learned to ride in an English saddle, your first ride on an American ranch or an Argentine estancia may feel like sitting in an armchair. Each region has developed its own saddle for its own work, and adapting takes only an hour or two.',
    ),
    ul(
      '<strong>Western saddles</strong> (United States, Canada, Mexico): deep seat, long stirrups, reins held in one hand. Made for long days herding cattle.',
      '<strong>Gaucho saddles</strong> (Argentina, Uruguay): layers of sheepskin over a wooden frame, very comfortable on long rides.',
      '<strong>Icelandic saddles</strong>: light, with a flat seat made for the tölt, the smooth four-beat gait of the Icelandic horse.',
      '<strong>Mongolian saddles</strong>: traditional wooden saddles are high and hard; most tour operators provide Russian or Western saddles for guests.',
      '<strong>Trekking saddles</strong> (much of Europe): English-style saddles with more padding and rings to tie saddlebags.',
    ),
    p(
      'Whatever the saddle, ask your guide how the local horses are trained to turn and stop. Many ranch horses neck-rein and will be confused by a direct pull on one rein.',
    ),
  ),
  article(
    'Riding in a group: trail etiquette that keeps everyone safe',
    'riding-tips',
    ['etiquette', 'safety'],
    'Ten horses in a line is a small herd. A few simple rules keep the herd calm and the riders happy.',
    p(
      'Horses are herd animals, and on a group ride they behave like one: if one spooks, others may follow; if the front horses canter, the back ones want to catch up. Good trail manners are about keeping that herd calm.',
    ),
    ul(
      'Keep at least one horse length between you and the horse in front; a red ribbon on a tail means that horse kicks.',
      'Do not overtake without asking the guide, and never canter past a walking horse.',
      'Pass messages up and down the line: "car behind", "branch", "stopping".',
      'When the group stops, do not let horses graze with the bit unless the guide allows it.',
      'If you need to stop, tell the guide rather than dropping back quietly.',
    ),
    p(
      'Finally, be patient with the slowest rider in the group. Tomorrow it might be you, on a horse that has decided to inspect every bush.',
    ),
  ),
  article(
    'The packing list for a week in the saddle',
    'gear',
    ['packing', 'clothing'],
    'Luggage limits are tight on riding tours, especially when your bags travel on a pack horse. This list covers everything and nothing more.',
    p(
      'Most riding tours limit luggage to one soft bag of 10 to 15 kilograms, because it travels in a support vehicle or on a pack horse. Hard suitcases are a no: they do not fit on a horse and they bruise the one carrying them.',
    ),
    h2('In the saddle'),
    ul(
      'Riding trousers or stretchy trousers without inside seams (two pairs).',
      'Boots with a small heel, or hiking shoes with half chaps.',
      'Layers: a breathable T-shirt, a fleece and a windproof, waterproof jacket.',
      'Thin riding gloves, a buff or scarf against dust and sun, sunglasses with a strap.',
      'Sunscreen and lip balm: wind and altitude burn faster than you think.',
    ),
    h2('In camp or at the lodge'),
    ul(
      'A warm layer for the evening and a hat: nights are cold in the mountains and the desert.',
      'Comfortable shoes to change into, a head torch, a small towel.',
      'A sleeping bag rated for the coldest night, if the tour includes camping.',
      'Personal medicine, blister plasters and anti-chafing cream.',
    ),
    p(
      'Leave jewellery and anything you would hate to lose at home. A camera, though, is always worth its weight.',
    ),
  ),
  article(
    'Choosing riding boots and half chaps for travel',
    'gear',
    ['boots', 'clothing'],
    'Your feet spend all day in the stirrups and part of it on rough ground. The right footwear does both jobs.',
    p(
      'On a trail ride you will also walk: leading your horse down a slope, exploring a village at lunch, or walking to the river in camp. Tall leather riding boots are comfortable in the saddle but awkward on foot and heavy in your bag.',
      'Many experienced trail riders choose short paddock boots or hiking shoes with a defined heel and a smooth sole, combined with half chaps that protect the calves from stirrup leathers. Chunky hiking treads can catch in the stirrup, so look for a sole that is not too aggressive.',
      'Whatever you choose, break your boots in before the trip. New boots and six hours a day in the saddle are a reliable recipe for blisters.',
    ),
  ),
  article(
    'Rain gear that actually works on horseback',
    'gear',
    ['rain', 'weather', 'clothing'],
    'A hiking jacket stops at the hips; in the saddle, rain runs straight into your lap. Here is what keeps riders dry.',
    p(
      'The classic answer is a long riding coat: an oilskin or a waxed cotton coat with a split at the back and leg straps, so that it covers your thighs and the saddle. It is heavy, but nothing beats it in a day-long drizzle in Ireland or the Highlands.',
      'Lighter options work well for tours with occasional showers: a breathable waterproof jacket with a long back, plus waterproof over-trousers with side zips so you can pull them on without taking off your boots. Put them on before the rain starts: struggling with trousers on a windy hillside is no fun.',
      'Keep spare socks and gloves in a dry bag inside the saddlebag, and a plastic bag for your phone. Wet hands and a dead phone are the two small miseries of a rainy ride.',
    ),
  ),
  article(
    'Saddlebags: what to carry on the horse and what to leave in the truck',
    'gear',
    ['packing', 'saddlebags'],
    'Your saddlebag is your day pack. Pack it light and balanced, and keep the things you need within reach.',
    p(
      'On most tours your main luggage travels separately and you carry what you need for the day in saddlebags or a pommel bag. The horse carries them, but it feels every extra kilogram over a long day, so think twice about each item.',
    ),
    ul(
      'Water: one litre at least, in a bottle that does not rattle.',
      'Rain jacket, sunscreen, sunglasses and a snack.',
      'Phone and camera in a padded, waterproof pouch.',
      'A small first-aid kit with blister plasters and any medicine you take.',
      'Toilet paper and a small bag to carry it back out.',
    ),
    p(
      'Balance the weight on both sides, and tie everything down: a flapping bag can scare a young horse. Leave the rest, including that second fleece, in the support vehicle.',
    ),
  ),
  article(
    'Helmets abroad: why you might want to bring your own',
    'gear',
    ['helmets', 'safety'],
    'Every good provider lends helmets. But a helmet that fits you perfectly is worth the space in your bag.',
    p(
      'All the providers on Gallop offer riding helmets, and on many tours wearing one is compulsory. Shared helmets come in a few sizes, though, and a helmet protects best when it fits snugly without pressing.',
      'If you ride regularly, bring your own certified riding helmet; cycling helmets are not designed for falls from a horse. Wear it with the harness adjusted so that two fingers fit under the chin strap. On hot tours, a helmet with good ventilation and a removable lining is a blessing.',
      'Children should always ride with a helmet, and many providers also lend body protectors for young riders or for fast-paced tours.',
    ),
  ),
  article(
    'Meet the breeds: Icelandic, Criollo, Mongolian and Andalusian horses',
    'horse-care',
    ['breeds'],
    'Part of the magic of riding abroad is the horse itself. Four breeds you are likely to meet, and what makes each one special.',
    h2('The Icelandic horse'),
    p(
      'Small but strong, the Icelandic horse has lived in isolation for a thousand years. Besides walk, trot and canter, it has the tölt, a smooth four-beat gait that lets you cover ground at speed without bouncing, and often the flying pace.',
    ),
    h2('The Criollo'),
    p(
      'The horse of the gauchos of Argentina, Uruguay and southern Brazil is famous for its stamina: Criollos were bred to work cattle all day on the pampas on little more than grass. Calm and sure-footed, it is a wonderful trail horse.',
    ),
    h2('The Mongolian horse'),
    p(
      'Stocky, half wild and incredibly tough, Mongolian horses live outdoors all year, through winters of minus forty. They are smaller than most European horses, and they are not pets: treat them calmly and let your guide show you how to approach them.',
    ),
    h2('The Andalusian'),
    p(
      'Elegant and powerful, the Pura Raza Española of southern Spain combines a proud bearing with a generous temperament. On a ride through the Sierra or along the beaches of Andalusia, you will understand why kings rode them.',
    ),
  ),
  article(
    'Grooming and tacking up: helping out at the ranch',
    'horse-care',
    ['ranch', 'skills'],
    'On many tours you can brush and saddle your own horse. It is the best way to get to know it.',
    p(
      'Some riders prefer to find their horse ready and saddled; others love the morning routine of brushing and tacking up. Most providers welcome guests who want to help, and it builds trust with the horse you will ride all week.',
    ),
    ul(
      'Approach from the front and the side, speaking calmly, so that the horse sees you coming.',
      'Brush in the direction of the hair, paying attention to the back and the girth area where the saddle sits.',
      'Pick out the hooves, from heel to toe, and look for stones.',
      'Place the saddle pad well forward, then slide it back into position so that the hair lies flat.',
      'Tighten the girth gradually and check it again after ten minutes of riding.',
    ),
    p(
      'Ask the guide to check your work the first few times: every saddle and every horse has its small peculiarities.',
    ),
  ),
  article(
    'Reading your horse: ears, tail and the signs of a tired horse',
    'horse-care',
    ['welfare', 'skills'],
    'Horses talk with their whole body. Learning a few signs makes you a better and safer trail companion.',
    p(
      'Ears are the easiest signal to read. Ears pricked forward mean interest: something ahead has caught the horse’s attention. One ear back towards you means it is listening to you. Ears pinned flat against the neck are a warning, often aimed at another horse that came too close.',
      'A swishing tail can mean flies, but a tail lashing hard often signals irritation. A lowered head, a relaxed lower lip and a soft snort are signs of a contented horse.',
      'A tired horse stumbles more, lags behind the group and may sweat heavily even at a walk. Tell your guide: good providers plan rest days and change horses when needed, and they want to know.',
    ),
  ),
  article(
    'Why weight limits exist on riding tours',
    'horse-care',
    ['welfare', 'safety'],
    'Many tours state a maximum rider weight. It is not about judging riders; it is about the horses.',
    p(
      'As a rule of thumb, a horse can comfortably carry about 20 percent of its own weight, including the saddle, over a long day. Small, hardy breeds like the Icelandic or Mongolian horse are strong for their size, but a 350-kilogram horse still has its limits.',
      'That is why many tours ask for your weight when you book, along with your riding experience. It lets the provider match you with a horse that can carry you happily for days on end, not just for an hour.',
      'If your weight is close to a tour’s limit, talk to the provider before booking. They may have a larger horse for you, or suggest a tour with shorter days. Being honest here is the kindest thing you can do for your horse.',
    ),
  ),
  article(
    'When to ride where: a month-by-month guide',
    'planning',
    ['seasons', 'weather'],
    'From the Icelandic summer to the Patagonian autumn, there is a perfect riding season somewhere every month of the year.',
    p(
      'The best riding weather is neither hot nor wet: days between 15 and 25 °C, firm ground and long evenings. Because the seasons are reversed south of the equator, you can follow that weather around the world.',
    ),
    ul(
      '<strong>January to March</strong>: southern summer. Argentina, Chile, South Africa and New Zealand are at their best; in the north, winter rides in the snow.',
      '<strong>April and May</strong>: spring in southern Europe. Andalusia, Portugal and Tuscany are green and full of flowers, before the summer heat.',
      '<strong>June to August</strong>: the northern summer. Iceland, Norway, Mongolia, Kyrgyzstan and the Rocky Mountains open their high trails.',
      '<strong>September and October</strong>: harvest rides in wine country, golden steppes in Central Asia, fewer crowds everywhere.',
      '<strong>November and December</strong>: desert rides in Jordan, Morocco and Egypt, and the start of the southern summer.',
    ),
    p(
      'Every destination page on Gallop has a climate tab with monthly temperatures and rainfall, so you can check the details before choosing your dates.',
    ),
  ),
  article(
    'Travel insurance for riders: what to check in the small print',
    'planning',
    ['insurance', 'safety'],
    'Many standard travel policies exclude horse riding. Here is what to look for before you buy.',
    p(
      'Horse riding is often listed among "hazardous activities" in travel insurance policies, and some policies exclude it entirely or cover it only "under supervision" or "not for racing". Read the activities section carefully, or ask the insurer in writing.',
    ),
    ul(
      'Medical treatment and repatriation, explicitly including horse riding.',
      'Search and rescue, and evacuation from remote areas: essential for expeditions.',
      'Trip cancellation and interruption, including illness before departure.',
      'Personal liability, in case your horse damages property or injures someone.',
    ),
    p(
      'Keep the policy number and the assistance phone number with you on the ride; some providers ask for them before the start.',
    ),
  ),
  article(
    'Riding holidays for families: choosing a tour with children',
    'planning',
    ['family', 'children'],
    'A riding holiday can be the highlight of a child’s year. Choosing the right tour is the secret.',
    p(
      'Look for tours in the family collections and check the minimum age on each tour page. For younger children, ranch holidays with a fixed base beat moving from place to place: shorter rides every day, time for the pool or the farm animals, and the same bed every night.',
      'Children who already ride can join easy trail rides from about ten or twelve years old, depending on the provider. Ponies and patient horses matter more than the landscape: ask the provider what horses they have for children.',
      'Plan for non-riding time too. Half days in the saddle, a picnic by the river and an afternoon of grooming are often more memorable than a long ride.',
    ),
  ),
  article(
    'Solo on horseback: why riding tours suit solo travellers',
    'planning',
    ['solo', 'groups'],
    'Travelling alone but not lonely: small-group riding tours are one of the easiest ways to travel solo.',
    p(
      'Many riders on our tours travel alone. A riding group is small, usually four to ten people, and shares a passion; by the end of the first day, the campfire conversation flows as if you had known each other for years.',
      'Look for tours in the solo-friendly collection: they have no single supplement or a small one, and providers happily pair solo travellers in twin rooms or tents if you wish.',
      'Before booking, use the chat to ask the provider about the usual group: ages, nationalities and riding levels. It helps you choose a tour where you will feel at home.',
    ),
  ),
  article(
    'Early booking or last minute: how to get the best price on a riding tour',
    'planning',
    ['prices', 'discounts'],
    'Riding tours have few places per date. Here is when to book, and when waiting pays off.',
    p(
      'Groups are small and horses are limited, so popular dates in high season often sell out months ahead. Many providers reward early planners with early booking discounts: book before a given date, or a set number of days before the start, and the price drops.',
      'Seasonal prices are lower in spring and autumn, often the best time to ride anyway: mild weather, fewer insects and quieter trails.',
      'Last-minute discounts exist too, for dates that start soon and still have free places. They are a good deal if your dates are flexible; just remember to check flights first. Every discount is shown as a crossed-out price on the tour page.',
    ),
  ),
  article(
    'Ten days with nomads: a ride across the Mongolian steppe',
    'stories',
    ['mongolia', 'expedition', 'camping'],
    'No fences, no roads, and a herd of horses that had never seen a stable. A rider’s diary from the Orkhon Valley.',
    p(
      'On the first morning our guide, Bat, pointed at the herd grazing by the river and said simply: "Your horses." They were small, shaggy and entirely unimpressed by us. By the evening of the third day, mine, a grey with a black mane, came when I called.',
      'We rode six hours a day across open grassland, the kind of landscape where you can see a rider on the horizon long before you hear him. Every night we camped beside a river; twice we stayed with nomad families in their gers, drank salty milk tea and learned that fermented mare’s milk is an acquired taste.',
      'The canters were the longest of my life: ten minutes across the steppe with nothing to stop us but a marmot hole. Bat watched the ground for us, whistling a warning whenever he saw one.',
      'I came home with saddle sores, a sunburnt nose and the firm intention of going back.',
    ),
  ),
  article(
    'Tölting through lava fields: my first Icelandic horse',
    'stories',
    ['iceland', 'breeds'],
    'I had read about the tölt. Nothing prepared me for the feeling of gliding across a lava field at speed with a full cup of coffee in my hand. Almost.',
    p(
      'Our guide held a cup of coffee while her horse tölted across the yard, and not a drop spilled. It is the party trick of every Icelandic stable, and it works: the tölt is so smooth that you simply sit, while the horse’s legs move like an eggbeater beneath you.',
      'Over six days we rode through moss-covered lava fields, along black sand beaches and across more rivers than I could count, with a loose herd of spare horses running beside us. In the long evening light of June, the day never seemed to end.',
      'Icelandic horses are small, but never call them ponies. Mine, Skjóni, carried me up and down slopes I would not have dared to walk, with the calm of an animal that has seen it all.',
    ),
  ),
  article(
    'From city desk to cattle drive: a week on a working ranch',
    'stories',
    ['ranch', 'western'],
    'I expected to ride. I did not expect to sort cattle, fix fences and eat the best chili of my life.',
    p(
      'The ranch was a working cattle ranch first and a guest ranch second, and the wranglers made that clear on day one: we were here to help. By day two I had learned to neck-rein, to sit a quarter horse that turns on a dime, and to keep my distance from a cow that has decided it does not want to go through the gate.',
      'The days began at dawn with coffee by the corral and ended around the fire, with stories that grew taller every night. The highlight was the drive: moving two hundred head of cattle from the summer pasture down to the valley, eight hours in the saddle, dust and all.',
      'If you want to understand the West, skip the theme parks and spend a week on a ranch. Bring a hat.',
    ),
  ),
  article(
    'Sunrise on the beach: riding the Atlantic coast of Portugal',
    'stories',
    ['portugal', 'beach'],
    'Pine forests, rice fields and twenty kilometres of empty beach. A morning ride I still dream about.',
    p(
      'We set off before dawn, when the sand is firm and the beach belongs to fishermen and birds. The horses knew the way through the pine forest, and as the trees opened, the sun rose behind us over the rice fields and lit up the whole coast.',
      'On the beach the guide nodded, and we cantered along the edge of the waves, spray flying, the Lusitano beneath me enjoying it as much as I did. Then a long walk back through the dunes, storks nesting on the chimneys of the village.',
      'We were back by ten for breakfast on the terrace. Some mornings are simply perfect.',
    ),
  ),
];
