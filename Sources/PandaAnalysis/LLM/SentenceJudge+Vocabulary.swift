/// The words the sentence judge reads: medical terms in seven languages, the function words
/// of other languages, metric names, units, periods, directions and judgements.
extension SentenceJudge {
  /// Beginnings of words (matched at a word's start) that name a diagnosis, a disease, a risk, a
  /// medication or a medical instruction, in English, German, French, Spanish, Italian,
  /// Portuguese and Dutch. Text is compared after accents are folded away.
  static let medicalStems: [String] = [
    // English.
    "diagnos", "disease", "disorder", "syndrome", "risk", "diabet", "prediabet", "pre-diabet", "hypertens",
    "hypotens", "arrhythm", "fibrillat", "afib", "tachycard", "bradycard", "cardiac", "cardiovascular", "infarct",
    "apnea", "apnoea", "insomnia", "narcolep", "depress", "anxiety", "anxious", "stress", "medicat", "medicine",
    "medical", "prescri", "deprim", "insulin", "statin", "blood thinner", "drug", "dosage", "illness", "infection",
    "infect", "covid", "cancer", "tumour", "tumor", "obes", "overweight", "underweight", "anemi", "anaemi",
    "thyroid", "asthma", "copd", "dementia", "alzheim", "parkinson", "cholesterol", "symptom", "treatment",
    "therap", "chronic", "inflamm", "fever", "mortality", "lifespan", "longevity", "prognos", "doctor", "physician",
    "clinician", "cardiologist", "hospital", "emergency", "heart attack", "heart failure", "heart disease",
    "heart condition", "heart problem", "stroke", "sick", "unwell", "ailment", "condition", "deficien", "burnout",
    "overtrain", "dehydrat", "hypoxi", "hypoglyc", "hyperglyc", "pre-hypert", "prehypert", "arterial", "arter",
    "pathol", "mental health", "panic", "sleep debt", "illness", "virus", "viral", "immune", "diseas", "health risk",
    // German.
    "krank", "risiko", "herzinfarkt", "infarkt", "herzkrank", "zucker", "depressi", "blutdruck", "medikament",
    "arznei", "tablette", "arzt", "arztin", "diagnose", "schlaganfall", "erkrank", "behandlung", "gefahr",
    "herzrhythmus", "bluthochdruck",
    // French.
    "risque", "crise cardiaque", "infarctus", "maladie", "malade", "traitement", "medecin", "medicament",
    "cardiaque", "hypertension", "danger",
    // Spanish.
    "riesgo", "infarto", "ataque cardiaco", "ataque al corazon", "enfermedad", "enfermo", "tratamiento", "medico",
    "pastilla", "depresion", "peligro",
    // Italian.
    "rischio", "attacco cardiaco", "diabete", "depressione", "farmac", "malattia", "malato", "medicin", "cura",
    "pericolo",
    // Portuguese.
    "risco", "enfarte", "depressao", "remedio", "doenca", "doente", "tratamento",
    // Dutch.
    "risico", "hartaanval", "hartinfarct", "suikerziekte", "depressie", "medicijn", "medicatie", "ziekte", "ziek",
    "dokter", "behandeling", "hartziekte",
  ]

  /// Short medical words matched only as whole words ("ill" but not "illustrate").
  static let medicalWords: Set<String> = [
    "ill", "pill", "pills", "dose", "doses", "meds", "med", "tablets", "aspirin", "ibuprofen", "paracetamol",
    "melatonin", "supplement", "supplements", "blocker", "blockers", "inhaler", "cure", "cures", "bp", "gp", "md", "er",
    "icu", "die", "dying", "death",
    "arts", "dead",
  ]

  /// Function words common in other languages and not English words: two of them, more than the
  /// English ones, make a sentence not English.
  static let foreignWords: Set<String> = [
    // German.
    "und", "der", "die", "das", "ist", "nicht", "ein", "eine", "einen", "ihr", "ihre", "ihren", "sie", "mit", "fur",
    "auf", "haben", "sind", "wird", "wurde", "sehr", "auch", "noch", "ihnen", "schlaf", "schritte", "woche",
    // French.
    "le", "la", "les", "et", "est", "vous", "votre", "vos", "une", "des", "du", "pour", "avec", "pas", "etes", "sont",
    "tres", "bien", "cette", "semaine", "sommeil", "au", "aux", "ce", "qui", "que",
    // Spanish.
    "el", "los", "las", "y", "usted", "su", "sus", "una", "con", "para", "por", "esta", "tiene", "muy", "semana",
    "sueno", "pasos", "mas", "tu", "es", "del", "al", "lo", "de", "un", "mayor", "menos",
    // Italian.
    "il", "gli", "di", "che", "sono", "hai", "tuo", "tua", "della", "questa", "settimana", "molto", "ha",
    // Portuguese.
    "os", "voce", "seu", "sua", "com", "nao", "um", "uma", "semana", "muito", "sono", "passos", "da", "em", "ao",
    // Dutch.
    "het", "een", "en", "je", "jij", "uw", "van", "niet", "met", "voor", "week", "slaap", "stappen", "zijn", "heeft",
    "bent", "deze", "ook", "nog", "er", "ze", "jouw",
  ]

  /// English function words, to weigh against `foreignWords` ("die" and "week" are both).
  static let englishWords: Set<String> = [
    "the", "you", "your", "and", "of", "to", "a", "in", "is", "was", "were", "this", "that", "it", "for", "on",
    "with", "than", "more", "less", "day", "days", "week", "weeks", "per", "an", "are", "at", "from", "by", "have",
    "has", "had", "be", "as", "up", "down", "about", "over", "usual", "keep", "try", "good", "great", "steps",
    "sleep", "slept", "took", "averaged", "last", "before", "night",
  ]

  /// Names of metrics as people write them, each with the metric it names. A longer name wins
  /// over a shorter one inside it ("resting heart rate" over "heart rate").
  static let metricNames: [(words: [String], metric: String)] = {
    let table: [(String, String)] = [
      ("steps", "activity.steps"), ("step count", "activity.steps"), ("walked", "activity.steps"),
      ("walking", "activity.steps"), ("distance", "activity.distance"),
      ("walking and running distance", "activity.distance"),
      ("active energy", "activity.activeEnergy"), ("active calories", "activity.activeEnergy"),
      ("calories", "activity.activeEnergy"), ("burned", "activity.activeEnergy"), ("burnt", "activity.activeEnergy"),
      ("exercise", "activity.exerciseMinutes"), ("exercise minutes", "activity.exerciseMinutes"),
      ("exercised", "activity.exerciseMinutes"), ("stand hours", "activity.standHours"),
      ("stood", "activity.standHours"),
      ("standing", "activity.standHours"), ("stand", "activity.standHours"), ("flights", "activity.flightsClimbed"),
      ("flights climbed", "activity.flightsClimbed"), ("stairs", "activity.flightsClimbed"),
      ("floors", "activity.flightsClimbed"), ("resting energy", "activity.basalEnergy"),
      ("basal energy", "activity.basalEnergy"), ("workouts", "activity.workouts"), ("workout", "activity.workouts"),
      ("workout time", "activity.workoutMinutes"), ("workout minutes", "activity.workoutMinutes"),
      ("workout distance", "activity.workoutDistance"), ("workout energy", "activity.workoutEnergy"),
      ("resting heart rate", "heart.restingHeartRate"), ("resting hr", "heart.restingHeartRate"),
      ("rhr", "heart.restingHeartRate"), ("resting pulse", "heart.restingHeartRate"), ("hrv", "heart.hrv"),
      ("heart rate variability", "heart.hrv"), ("variability", "heart.hrv"), ("sdnn", "heart.hrv"),
      ("walking heart rate", "heart.walkingHeartRate"), ("heart rate", "heart.heartRate"),
      ("pulse", "heart.heartRate"), ("heart", "heart.restingHeartRate"), ("vo2 max", "heart.vo2Max"),
      ("vo2max", "heart.vo2Max"), ("vo", "heart.vo2Max"),
      ("cardio fitness", "heart.vo2Max"), ("systolic", "heart.bloodPressureSystolic"),
      ("systolic blood pressure", "heart.bloodPressureSystolic"), ("diastolic", "heart.bloodPressureDiastolic"),
      ("diastolic blood pressure", "heart.bloodPressureDiastolic"),
      ("blood pressure", "heart.bloodPressureSystolic"), ("sleep", "sleep.asleep"),
      ("slept", "sleep.asleep"),
      ("time asleep", "sleep.asleep"), ("asleep", "sleep.asleep"), ("sleeping", "sleep.asleep"),
      ("time in bed", "sleep.inBed"), ("in bed", "sleep.inBed"), ("deep sleep", "sleep.deep"), ("deep", "sleep.deep"),
      ("rem sleep", "sleep.rem"), ("rem", "sleep.rem"), ("core sleep", "sleep.core"), ("core", "sleep.core"),
      ("light sleep", "sleep.core"), ("awake", "sleep.awake"), ("time awake", "sleep.awake"),
      ("time awake at night", "sleep.awake"), ("sleep efficiency", "sleep.efficiency"),
      ("efficiency", "sleep.efficiency"), ("walking speed", "mobility.walkingSpeed"),
      ("speed", "mobility.walkingSpeed"),
      ("pace", "mobility.walkingSpeed"), ("step length", "mobility.stepLength"), ("stride", "mobility.stepLength"),
      ("walking asymmetry", "mobility.walkingAsymmetry"), ("asymmetry", "mobility.walkingAsymmetry"),
      ("double support", "mobility.doubleSupport"), ("double support time", "mobility.doubleSupport"),
      ("falls", "mobility.falls"), ("mindful minutes", "mindfulness.mindfulMinutes"),
      ("mindfulness", "mindfulness.mindfulMinutes"), ("mindful", "mindfulness.mindfulMinutes"),
      ("meditation", "mindfulness.mindfulMinutes"), ("meditated", "mindfulness.mindfulMinutes"),
      ("practice", "mindfulness.mindfulMinutes"), ("weight", "body.bodyMass"), ("weighed", "body.bodyMass"),
      ("body mass", "body.bodyMass"), ("body fat", "body.bodyFat"), ("bmi", "body.bmi"),
      ("body mass index", "body.bmi"), ("height", "body.height"), ("wrist temperature", "body.wristTemperature"),
      ("temperature", "body.wristTemperature"), ("blood glucose", "body.bloodGlucose"),
      ("glucose", "body.bloodGlucose"),
      ("blood sugar", "body.bloodGlucose"), ("respiratory rate", "respiratory.respiratoryRate"),
      ("breathing rate", "respiratory.respiratoryRate"), ("breathing", "respiratory.respiratoryRate"),
      ("blood oxygen", "respiratory.oxygenSaturation"), ("oxygen", "respiratory.oxygenSaturation"),
      ("spo2", "respiratory.oxygenSaturation"), ("oxygen saturation", "respiratory.oxygenSaturation"),
      ("headphone audio", "hearing.headphoneAudio"), ("headphone", "hearing.headphoneAudio"),
      ("headphones", "hearing.headphoneAudio"), ("audio", "hearing.headphoneAudio"),
      ("listening", "hearing.headphoneAudio"), ("dietary energy", "nutrition.dietaryEnergy"),
      ("ate", "nutrition.dietaryEnergy"), ("water", "nutrition.water"), ("water intake", "nutrition.water"),
      ("drank", "nutrition.water"),
    ]
    return table.map { (SentenceText.tokens($0.0).map(\.text), $0.1) }.sorted { $0.words.count > $1.words.count }
  }()

  /// Unit words after a figure, each with the unit it stands for.
  static let unitWords: [String: String] = [
    "%": "%", "percent": "%", "pct": "%", "km": "km", "kms": "km", "kilometres": "km", "kilometers": "km",
    "kilometre": "km", "kilometer": "km", "mi": "mi", "mile": "mi", "miles": "mi", "m": "m", "metres": "m",
    "meters": "m", "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "min": "min", "mins": "min",
    "minute": "min", "minutes": "min", "s": "s", "sec": "s", "secs": "s", "seconds": "s", "steps": "steps",
    "step": "steps", "bpm": "bpm", "beats": "bpm", "ms": "ms", "milliseconds": "ms", "kcal": "kcal",
    "calories": "kcal", "calorie": "kcal", "cal": "kcal", "kilocalories": "kcal", "kg": "kg", "kilos": "kg",
    "kilograms": "kg", "kilo": "kg", "lb": "lb", "lbs": "lb", "pounds": "lb", "cm": "cm", "centimetres": "cm",
    "centimeters": "cm", "flights": "flights", "flight": "flights", "floors": "flights", "ml": "ml",
    "millilitres": "ml", "milliliters": "ml", "l": "l", "litres": "l", "liters": "l", "litre": "l", "liter": "l",
    "mmhg": "mmHg", "breaths": "breaths/min", "db": "dB", "dba": "dB", "decibels": "dB", "degrees": "°C",
    "workouts": "workouts", "workout": "workouts", "sessions": "workouts", "session": "workouts", "runs": "other",
    "run": "other", "rides": "other", "swims": "other", "walks": "other", "falls": "falls", "fall": "falls",
    "days": "days", "day": "days", "nights": "days", "night": "days", "weeks": "weeks", "week": "weeks",
    "months": "months", "month": "months", "years": "years", "year": "years", "times": "times", "time": "times",
    "glasses": "other", "cups": "other", "servings": "other", "kph": "km/h", "mph": "mph", "am": "clock",
    "pm": "clock", "o'clock": "clock", "mg": "other", "g": "other", "grams": "other", "stone": "other",
  ]

  /// The units a metric's figures may be written in, each with its factor to the metric's unit.
  static func conversions(unit: String) -> [String: Double] {
    switch unit {
    case "h": ["h": 1, "min": 1.0 / 60]
    case "min": ["min": 1, "h": 60]
    case "km": ["km": 1, "mi": 1.609_344, "m": 0.001]
    case "steps": ["steps": 1]
    case "kcal": ["kcal": 1]
    case "bpm": ["bpm": 1]
    case "ms": ["ms": 1]
    case "%": ["%": 1]
    case "kg": ["kg": 1, "lb": 0.453_592_37]
    case "cm": ["cm": 1]
    case "hours": ["h": 1]
    case "flights": ["flights": 1]
    case "mL": ["ml": 1, "l": 1_000]
    case "km/h": ["km/h": 1, "mph": 1.609_344]
    case "mL/kg/min": ["ml/kg/min": 1]
    case "mmHg": ["mmHg": 1]
    case "breaths/min": ["breaths/min": 1]
    case "dB": ["dB": 1]
    case "mg/dL": ["mg/dL": 1]
    case "°C": ["°C": 1]
    case "workouts": ["workouts": 1]
    case "falls": ["falls": 1]
    default: [:]
    }
  }

  /// Number words and their values; `hundred` and `thousand` multiply.
  static let numberWords: [String: Double] = [
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "half": 0.5, "dozen": 12, "twice": 2, "once": 1,
    "thrice": 3, "couple": 2,
  ]

  /// Words that hedge the figure after them.
  static let hedges: Set<String> = [
    "about", "around", "roughly", "nearly", "almost", "approximately", "approx", "some", "~", "close", "circa",
    "just",
  ]

  /// Words of a rise, said of the metric they stand beside.
  static let upWords: Set<String> = [
    "higher", "more", "up", "rose", "risen", "rise", "rises", "increased", "increase", "increases", "increasing",
    "longer", "climbed", "climbing", "gained", "grew", "grown", "rising", "raised", "jumped", "extra", "boosted",
    "added", "greater", "upward", "upwards",
  ]
  /// Words of a fall.
  static let downWords: Set<String> = [
    "lower", "less", "fewer", "down", "fell", "fallen", "falling", "dropped", "drop", "drops", "decreased",
    "decrease", "decreasing", "shorter", "declined", "lost", "dipped", "dip", "reduced", "slipped", "slid", "sank",
    "shrank", "downward", "downwards",
  ]
  /// Words of a rise or fall that read as a claim even in advice ("since your sleep fell").
  static let pastChangeWords: Set<String> = [
    "rose", "risen", "fell", "fallen", "increased", "decreased", "dropped", "declined", "climbed", "dipped",
    "slipped", "grew", "jumped", "sank",
  ]
  /// Beginnings of words that call a metric better.
  static let improvingStems = ["improv", "better", "progress", "strengthen"]
  /// Beginnings of words that call a metric worse.
  static let decliningStems = ["declin", "worse", "worsen", "deteriorat", "weaken", "slipping"]
  /// Words that call a metric unchanged.
  static let stableWords: Set<String> = [
    "steady", "stable", "unchanged", "same", "similar", "flat", "consistent", "held", "constant", "unchanging",
  ]
  /// Words of praise: the metric they are said of must not be declining.
  static let praiseWords: Set<String> = [
    "great", "good", "well", "excellent", "nice", "fantastic", "impressive", "awesome", "wonderful", "proud",
    "congratulations", "bravo", "superb", "brilliant", "amazing", "outstanding", "terrific", "kudos", "nicely",
    "job", "win",
  ]
  /// Words that read meaning into figures panda cannot check: causes, states of health, signs.
  static let interpretiveWords: Set<String> = [
    "suggests", "suggest", "suggesting", "indicates", "indicate", "indicating", "indicator", "means", "meaning",
    "sign", "signs", "signal", "signals", "likely", "probably", "because", "due", "caused", "cause", "causing",
    "reflects", "reflect", "reflecting", "linked", "thanks", "result", "shape", "fit", "fitter", "fitness",
    "healthy", "healthier", "unhealthy", "stressed", "tired", "fatigue", "fatigued", "exhausted", "recovered",
    "recovering", "recovery", "rested", "energetic", "strain", "strained", "overdoing", "optimal", "ideal",
    "perfect", "normal", "abnormal", "concerning", "worrying", "alarming", "dangerous", "safe", "unsafe",
    "young", "younger", "older", "age", "aging", "ageing", "proves", "proof", "evidence", "clearly",
    "definitely", "certainly", "heart's", "lungs", "brain", "mood", "happier",
    "happy", "anxious", "calmer", "relaxed", "nervous", "immune", "metabolism", "hormones", "hormonal", "strong",
    "stronger", "solid", "robust", "health", "lowers", "prevents", "protects", "associated", "contributes",
    "boosts", "benefits", "reduces", "lifespan", "life", "lungs", "wellbeing", "wellness", "vitality", "resilience",
    "resilient",
    "condition",
  ]
  /// Words of `interpretiveWords` that advice may use ("a healthy snack", "fit in a walk").
  static let adviceInterpretiveWords: Set<String> = [
    "fit", "healthy", "safe", "relaxed", "calmer", "rested", "body", "recovery", "heart", "health", "ideal",
    "normal",
  ]
  /// Words that claim a bound or an extreme over days panda did not send one by one.
  static let boundPhrases: [[String]] = [
    ["never"], ["always"], ["every", "day"], ["every", "night"], ["each", "day"], ["each", "night"],
    ["all", "week"], ["all", "month"], ["not", "once"], ["no", "day"], ["no", "night"], ["at", "least"],
    ["at", "most"], ["minimum"], ["maximum"], ["highest"], ["lowest"], ["best", "day"], ["worst", "day"],
    ["record"], ["peak"], ["peaked"], ["most", "days"], ["some", "days"], ["one", "day"], ["on", "days"],
    ["every", "single"], ["daily", "without"], ["streak"], ["in", "a", "row"], ["consecutive"],
  ]
  /// Words that make a sentence a norm about people rather than about the person.
  static let guidelineWords: Set<String> = [
    "adults", "adult", "people", "experts", "expert", "recommend", "recommends", "recommended", "recommendation",
    "recommendations", "guideline", "guidelines", "research", "studies", "study", "considered", "typically",
    "generally", "most", "everyone", "anyone", "somebody", "humans", "scientists", "science", "norm",
  ]
  /// Words that start advice.
  static let adviceStarts: Set<String> = [
    "try", "aim", "keep", "consider", "add", "set", "go", "get", "take", "make", "plan", "put", "book", "build",
    "walk", "move", "stand", "stretch", "breathe", "drink", "eat", "limit", "avoid", "cut", "swap", "switch",
    "skip", "dim", "turn", "use", "log", "wear", "charge", "sync", "include", "spend", "spread", "fit", "pick",
    "choose", "join", "follow", "maintain", "continue", "stick", "protect", "lift", "cycle", "swim", "climb",
    "park", "let", "remember", "schedule", "start", "stop", "give", "find", "listen", "lower", "reduce", "keeping",
    "aiming", "trying", "adding", "taking", "going", "wind", "treat", "head", "hop", "leave", "allow", "reserve",
    "focus", "opt", "pair", "break", "mix", "enjoy", "celebrate", "build", "repeat", "track", "note", "check",
    "rest", "meditate", "practise", "practice", "turning", "please", "maybe", "perhaps", "if", "when", "next",
  ]
  /// Words inside a sentence that make it advice.
  static let adviceWords: Set<String> = ["try", "aim", "consider", "could", "might", "worth", "why", "how", "let's"]
  /// Words that name the comparison window ("your usual", "the 4 weeks before").
  static let baselineWords: Set<String> = [
    "usual", "usually", "baseline", "before", "previous", "prior", "earlier", "than", "from", "against",
    "compared", "typical", "normally", "average", "vs", "versus",
  ]
  /// Words that call a figure a total.
  static let totalWords: Set<String> = ["total", "totalled", "totaled", "altogether", "overall", "combined", "sum"]
  /// Words that call a figure a figure per day.
  static let perDayWords: Set<String> = ["daily", "averaged", "average", "nightly", "mean", "typical"]
  /// Weekday names, Monday first.
  static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
  /// Month names, January first.
  static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
  ]
}
