import FoundationEssentials

/// Places whose zone is known, besides the principal places of `zone1970.tab`, for the large
/// countries with several zones, where the nearest principal place is often another zone's:
/// Portland and Seattle lie nearer Boise (America/Boise, Mountain time) than Los Angeles
/// (America/Los_Angeles, Pacific), El Paso nearer Phoenix than Denver, Kazan nearer Ulyanovsk
/// than Moscow. In the table's own form (country codes, ±DDMM±DDDMM, zone, the place): the
/// capital of each US state whose zone's principal place is elsewhere (and north Idaho, which
/// keeps Pacific time), some provincial capitals of Canada, Alice Springs, regional capitals of
/// European Russia and the Urals, and three cities of Brazil's south-east. `NearestZone` takes
/// the nearest of these and the table's places.
///
/// And places in the parts of a state or region that a zone's principal place next door is
/// nearer than their own's (each found wrong by a trial, by name with the country):
/// - Plainview TX: the South Plains and the panhandle (Lubbock, Amarillo) keep Central time
///   but lie nearer Denver than Austin.
/// - Owensboro KY: Evansville and the south-west corner of Indiana keep Central time, nearer
///   Petersburg (Pike County, Eastern) than any Central place.
/// - Elkhart IN: northern Indiana (South Bend) keeps Eastern time, nearer Knox (Starke County,
///   Central).
/// - Escanaba MI: the Upper Peninsula (Marquette, Sault Ste. Marie) keeps Eastern time but for
///   the four counties on Wisconsin, whose principal place Menominee is nearer than Lansing.
/// - Cloncurry QLD and Port Hedland WA: north-west Queensland (Mount Isa) and the Kimberley
///   and Pilbara (Broome) lie nearer Darwin (+09:30) than Brisbane (+10:00) or Perth (+08:00).
/// - Glazov: Udmurtia (Izhevsk) keeps Samara time, nearer the Perm anchor (Yekaterinburg).
/// - Saransk: Penza keeps Moscow time, nearer Saratov (+04:00).
/// - Birobidzhan and Belogorsk: Khabarovsk keeps Vladivostok time, nearer Sakhalin's
///   principal place; the Amur oblast (Blagoveshchensk) keeps Yakutsk time, nearer Vladivostok.
/// - Delhi, Mumbai, Bengaluru and Lucknow: India's principal place, Kolkata, lies at its east
///   edge; without the country (reverse geocoding failed) Delhi lay nearer Kathmandu (+05:45),
///   Mumbai nearer Karachi (+05:00). Lahore and Islamabad, then, lay nearer Delhi or Kabul
///   (+04:30) than Karachi.
/// - Kinshasa and Lubumbashi (the places zone.tab gives Africa/Kinshasa, +01:00, and
///   Africa/Lubumbashi, +02:00, which zone1970.tab folds into Lagos and Maputo, far away) and
///   Kananga: the Congo's east (Kisangani) lies nearer Lagos than Maputo.
///
/// Limits: a place near a zone's border can still lie nearer a place of the zone next door
/// (the Florida panhandle west of the Apalachicola, west Kansas (Garden City), Nebraska and the
/// Dakotas (Rapid City), east Oregon, Tennessee's east); a service's own zone or offset wins
/// over this guess wherever wx has one.
package enum ZoneAnchors {
    /// The lines, tab-separated as in zone1970.tab. Read by Fixtures/zones/nearest_zone_expected.py too.
    package static let table = bytes(
        """
        US\t+3223-08618\tAmerica/Chicago\tMontgomery AL
        US\t+3445-09217\tAmerica/Chicago\tLittle Rock AR
        US\t+3835-12130\tAmerica/Los_Angeles\tSacramento CA
        US\t+4146-07241\tAmerica/New_York\tHartford CT
        US\t+3909-07531\tAmerica/New_York\tDover DE
        US\t+3026-08417\tAmerica/New_York\tTallahassee FL
        US\t+3345-08423\tAmerica/New_York\tAtlanta GA
        US\t+4741-11647\tAmerica/Los_Angeles\tCoeur d'Alene ID (north)
        US\t+3948-08939\tAmerica/Chicago\tSpringfield IL
        US\t+4135-09336\tAmerica/Chicago\tDes Moines IA
        US\t+3903-09541\tAmerica/Chicago\tTopeka KS
        US\t+3811-08452\tAmerica/New_York\tFrankfort KY
        US\t+3027-09111\tAmerica/Chicago\tBaton Rouge LA
        US\t+4418-06947\tAmerica/New_York\tAugusta ME
        US\t+3859-07629\tAmerica/New_York\tAnnapolis MD
        US\t+4221-07104\tAmerica/New_York\tBoston MA
        US\t+4244-08433\tAmerica/Detroit\tLansing MI
        US\t+4457-09306\tAmerica/Chicago\tSaint Paul MN
        US\t+3218-09011\tAmerica/Chicago\tJackson MS
        US\t+3835-09210\tAmerica/Chicago\tJefferson City MO
        US\t+4635-11201\tAmerica/Denver\tHelena MT
        US\t+4048-09642\tAmerica/Chicago\tLincoln NE
        US\t+3910-11946\tAmerica/Los_Angeles\tCarson City NV
        US\t+4312-07132\tAmerica/New_York\tConcord NH
        US\t+4013-07446\tAmerica/New_York\tTrenton NJ
        US\t+3541-10556\tAmerica/Denver\tSanta Fe NM
        US\t+4239-07345\tAmerica/New_York\tAlbany NY
        US\t+3547-07838\tAmerica/New_York\tRaleigh NC
        US\t+4649-10047\tAmerica/Chicago\tBismarck ND
        US\t+3958-08300\tAmerica/New_York\tColumbus OH
        US\t+3530-09730\tAmerica/Chicago\tOklahoma City OK
        US\t+4456-12302\tAmerica/Los_Angeles\tSalem OR
        US\t+4016-07653\tAmerica/New_York\tHarrisburg PA
        US\t+4150-07125\tAmerica/New_York\tProvidence RI
        US\t+3400-08102\tAmerica/New_York\tColumbia SC
        US\t+4422-10021\tAmerica/Chicago\tPierre SD
        US\t+3610-08647\tAmerica/Chicago\tNashville TN
        US\t+3016-09744\tAmerica/Chicago\tAustin TX
        US\t+4046-11153\tAmerica/Denver\tSalt Lake City UT
        US\t+4416-07235\tAmerica/New_York\tMontpelier VT
        US\t+3732-07726\tAmerica/New_York\tRichmond VA
        US\t+4702-12254\tAmerica/Los_Angeles\tOlympia WA
        US\t+3820-08137\tAmerica/New_York\tCharleston WV
        US\t+4304-08923\tAmerica/Chicago\tMadison WI
        US\t+4108-10449\tAmerica/Denver\tCheyenne WY
        US\t+3411-10143\tAmerica/Chicago\tPlainview TX (South Plains)
        US\t+3746-08707\tAmerica/Chicago\tOwensboro KY (west)
        US\t+4141-08559\tAmerica/Indiana/Indianapolis\tElkhart IN (north)
        US\t+4545-08704\tAmerica/Detroit\tEscanaba MI (Upper Peninsula)
        CA\t+4826-12322\tAmerica/Vancouver\tVictoria BC
        CA\t+4649-07112\tAmerica/Toronto\tQuebec QC
        CA\t+4558-06639\tAmerica/Moncton\tFredericton NB
        CA\t+4614-06308\tAmerica/Halifax\tCharlottetown PE
        CA\t+4631-08421\tAmerica/Toronto\tSault Ste. Marie ON
        CA\t+6227-11422\tAmerica/Edmonton\tYellowknife NT
        AU\t-2342+13353\tAustralia/Darwin\tAlice Springs NT
        AU\t-2043+14031\tAustralia/Brisbane\tCloncurry QLD
        AU\t-2019+11836\tAustralia/Perth\tPort Hedland WA
        RU\t+5548+04906\tEurope/Moscow\tKazan
        RU\t+5620+04400\tEurope/Moscow\tNizhny Novgorod
        RU\t+4714+03943\tEurope/Moscow\tRostov-on-Don
        RU\t+5140+03912\tEurope/Moscow\tVoronezh
        RU\t+5801+05614\tAsia/Yekaterinburg\tPerm
        RU\t+5444+05558\tAsia/Yekaterinburg\tUfa
        RU\t+5510+06124\tAsia/Yekaterinburg\tChelyabinsk
        RU\t+5709+06532\tAsia/Yekaterinburg\tTyumen
        RU\t+5808+05240\tEurope/Samara\tGlazov
        RU\t+5411+04511\tEurope/Moscow\tSaransk
        RU\t+4848+13255\tAsia/Vladivostok\tBirobidzhan
        RU\t+5055+12828\tAsia/Yakutsk\tBelogorsk
        BR\t-1548-04753\tAmerica/Sao_Paulo\tBrasilia DF
        BR\t-1641-04916\tAmerica/Sao_Paulo\tGoiania GO
        BR\t-1955-04356\tAmerica/Sao_Paulo\tBelo Horizonte MG
        CD\t-0418+01518\tAfrica/Kinshasa\tKinshasa (zone.tab)
        CD\t-1140+02728\tAfrica/Lubumbashi\tLubumbashi (zone.tab)
        CD\t-0554+02225\tAfrica/Lubumbashi\tKananga
        IN\t+2837+07713\tAsia/Kolkata\tDelhi
        IN\t+1858+07249\tAsia/Kolkata\tMumbai
        IN\t+1258+07735\tAsia/Kolkata\tBengaluru
        IN\t+2651+08057\tAsia/Kolkata\tLucknow
        PK\t+3133+07420\tAsia/Karachi\tLahore
        PK\t+3343+07304\tAsia/Karachi\tIslamabad
        """)

    /// The UTF-8 of `text`, copied whole. `Data(text.utf8)` asked the runtime whether the view
    /// is contiguous bytes (a dynamic cast), whose first answer scans every conformance record:
    /// 0.16 M instructions of a `find` and `show` (issue 39).
    private static func bytes(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { Data(buffer: $0) }
    }
}
