// Word lists for the generated people. Any pairing of these common first and last names is a
// made-up person; the streets, the town 'Riverside' and its 'RV' postcodes do not exist, phone
// numbers come from Ofcom's range reserved for drama (07700 900000 to 900999) and email domains
// from the ones reserved for examples (RFC 2606), so nothing generated can reach a real person.

// prettier-ignore
export const FIRST_NAMES = [
  'Alice', 'Amelia', 'Andrew', 'Angela', 'Arthur', 'Barbara', 'Ben', 'Bernard', 'Beth', 'Brian',
  'Carol', 'Catherine', 'Charlie', 'Chloe', 'Christine', 'Colin', 'Daniel', 'David', 'Deborah',
  'Dennis', 'Diane', 'Donald', 'Dorothy', 'Edward', 'Eileen', 'Eleanor', 'Elizabeth', 'Emily',
  'Emma', 'Frances', 'Frank', 'Freya', 'Gareth', 'Geoffrey', 'George', 'Gillian', 'Grace',
  'Graham', 'Hannah', 'Harriet', 'Harry', 'Heather', 'Helen', 'Ian', 'Imogen', 'Isla', 'Jack',
  'James', 'Janet', 'Jean', 'Jennifer', 'Jessica', 'Joan', 'John', 'Jonathan', 'Joseph', 'Judith',
  'Julie', 'Karen', 'Kate', 'Keith', 'Kenneth', 'Laura', 'Leo', 'Lily', 'Linda', 'Lucy', 'Malcolm',
  'Margaret', 'Mark', 'Martin', 'Mary', 'Matthew', 'Megan', 'Michael', 'Nadia', 'Neil', 'Nicola',
  'Nigel', 'Oliver', 'Olivia', 'Patricia', 'Paul', 'Pauline', 'Peter', 'Philip', 'Priya', 'Rachel',
  'Raymond', 'Rebecca', 'Richard', 'Robert', 'Rosie', 'Ruth', 'Samuel', 'Sandra', 'Sarah', 'Sean',
  'Sheila', 'Simon', 'Sophie', 'Stephen', 'Susan', 'Thomas', 'Timothy', 'Tom', 'Valerie',
  'Victoria', 'William', 'Yusuf', 'Zoe',
] as const

// prettier-ignore
export const LAST_NAMES = [
  'Abbott', 'Ahmed', 'Ainsworth', 'Allen', 'Ashby', 'Bailey', 'Baker', 'Barker', 'Bell', 'Bennett',
  'Birch', 'Bishop', 'Bradshaw', 'Brooks', 'Brown', 'Butler', 'Campbell', 'Carter', 'Chapman',
  'Clarke', 'Cole', 'Collins', 'Cooper', 'Cox', 'Davies', 'Dawson', 'Dixon', 'Doyle', 'Edwards',
  'Ellis', 'Evans', 'Fairbrother', 'Fletcher', 'Foster', 'Fox', 'Gardner', 'Gibson', 'Graham',
  'Grant', 'Gray', 'Green', 'Hall', 'Harper', 'Harris', 'Hart', 'Hayes', 'Hill', 'Holmes',
  'Hughes', 'Hunt', 'Jackson', 'James', 'Jenkins', 'Johnson', 'Jones', 'Kaur', 'Kelly', 'Kennedy',
  'King', 'Knight', 'Lane', 'Lawrence', 'Lee', 'Lewis', 'Lloyd', 'Marsh', 'Marshall', 'Mason',
  'Matthews', 'Miller', 'Mills', 'Mitchell', 'Moore', 'Morgan', 'Morris', 'Murphy', "O'Brien",
  "O'Neill", 'Owen', 'Palmer', 'Parker', 'Patel', 'Pearce', 'Phillips', 'Porter', 'Powell',
  'Price', 'Quinn', 'Reid', 'Reynolds', 'Richards', 'Roberts', 'Robinson', 'Rogers', 'Rose',
  'Russell', 'Saunders', 'Scott', 'Shaw', 'Simpson', 'Smith', 'Spencer', 'Stevens', 'Stone',
  'Taylor', 'Thomas', 'Thompson', 'Turner', 'Walker', 'Wallace', 'Ward', 'Watson', 'Webb',
  'Wells', 'West', 'White', 'Wilkinson', 'Williams', 'Wilson', 'Wood', 'Wright', 'Young',
  'Ashworth-Hale', 'Khan', 'Nowak', 'Okafor', 'Singh',
] as const

// prettier-ignore
export const STREETS = [
  'Allotment Lane', 'Beckside Road', 'Blackberry Close', 'Brambling Way', 'Chalkpit Lane',
  'Cress Beds Road', 'Damson Row', 'Ferry Meadow', 'Gooseberry Walk', 'Hopfield Street',
  'Kingfisher Drive', 'Lockkeeper Way', 'Mill Race Road', 'Old Tannery Lane', 'Osier Crescent',
  'Plover Gardens', 'Quince Terrace', 'Reedbank Avenue', 'Sluice Gate Road', 'Towpath Street',
  'Watermeadow Close', 'Weir View', 'Wharf Street', 'Willowherb Road',
] as const

export const TOWN = 'Riverside'

// A few of the spec's free-text plot descriptions, as a committee would write them.
export const PLOT_DESCRIPTIONS = [
  '',
  '',
  '',
  'Half plot by the main path',
  'Raised beds, easy access',
  'Shed and water butt on the plot',
  'Fruit cage and rhubarb bed',
  'Needs clearing: brambles at the far end',
  'Polytunnel (owned by the tenant)',
  'Near the standpipe',
  'Shaded by the willow in the afternoon',
  'Beehive by agreement with the committee',
] as const
