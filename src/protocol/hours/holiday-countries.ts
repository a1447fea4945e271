/**
 * The countries date-holidays knows public holidays of (ISO 3166 alpha-2), as one string, so that
 * validating a country needs none of its data: the app's first screen and the sync worker import
 * the hours model, and the holiday data (about 1.4 MB) loads only with the schedule arithmetic.
 * tests/unit/protocol/hours/hours-model.test.ts keeps it equal to the package's own list.
 */
export const HOLIDAY_COUNTRY_CODES: ReadonlySet<string> = new Set(
  `
AD AE AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BW BY
BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES
ET FI FJ FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU IC ID IE IL
IM IN IR IS IT JE JM JP KE KM KN KR KY KZ LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MQ
MR MS MT MU MW MX MY MZ NA NC NE NF NG NI NL NO NZ PA PE PF PH PK PL PM PR PT PY RE RO RS RU RW
SA SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SZ TC TD TG TH TN TO TR TT TW TZ UA UG US
UY UZ VA VC VE VG VI VN VU WF XK YT ZA ZM ZW
`
    .trim()
    .split(/\s+/),
);
