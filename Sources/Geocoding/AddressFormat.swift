/// Address lines in a country's usual order.
enum AddressFormat {
    /// Countries that write the house number before the street.
    static func numberFirst(_ code: String) -> Bool {
        switch code {
        case "US", "GB", "CA", "AU", "NZ", "IE", "FR", "IN", "ZA", "SG", "MY", "PH", "NG", "KE", "IL", "HK", "TH", "LU", "MC": true
        default: false
        }
    }
    /// Countries that write the postcode after the locality.
    static func postcodeAfter(_ code: String) -> Bool {
        switch code {
        case "US", "GB", "CA", "AU", "IE", "NZ", "IN", "SG", "MY", "HK", "PH", "ZA", "KE", "NG": true
        default: false
        }
    }
    /// Countries that write "Locality, STATE postcode" on one line.
    static func stateWithLocality(_ code: String) -> Bool {
        switch code {
        case "US", "CA", "AU": true
        default: false
        }
    }

    static func streetLine(street: String, number: String?, countryCode: String) -> String {
        guard let number, !number.isEmpty else { return street }
        return numberFirst(countryCode) ? "\(number) \(street)" : "\(street) \(number)"
    }

    /// Street line (when there is one), locality with postcode, administrative area (when it
    /// adds something), country; always at least two lines.
    static func lines(for r: ReverseGeocodeResult, countryCode: String) -> [String] {
        var lines: [String] = []
        if let street = r.thoroughfare { lines.append(street) }
        let place = r.locality ?? r.subLocality
        var localityLine: String?
        if let place {
            if stateWithLocality(countryCode), let state = r.administrativeArea {
                localityLine = "\(place), \(state)" + (r.postalCode.map { " \($0)" } ?? "")
            } else if let postcode = r.postalCode {
                localityLine = postcodeAfter(countryCode) ? "\(place) \(postcode)" : "\(postcode) \(place)"
            } else {
                localityLine = place
            }
        }
        if r.thoroughfare == nil, let sub = r.subLocality, sub != place { lines.append(sub) }
        if let localityLine, localityLine != r.country || lines.isEmpty { lines.append(localityLine) }
        if let admin = r.administrativeArea, !stateWithLocality(countryCode), admin != place, admin != r.country,
            r.thoroughfare == nil
        {
            lines.append(admin)
        }
        if let country = r.country { lines.append(country) }
        while lines.count < 2 { lines.append(lines.last ?? "") }
        return lines
    }
}
